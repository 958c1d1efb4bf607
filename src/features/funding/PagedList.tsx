import type { ReactNode } from 'react';
import { listPageSize } from '../../../contract/paging.ts';
import { ListFooter } from '../../ui/ListFooter.tsx';
import { type ListPage, usePagedList } from '../../ui/usePagedList.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { LoadStates, PullIndicator } from '../../ui/LoadStates.tsx';
import * as styles from './funding.css.ts';

// The funding lists (fund records, deposits, withdrawals): one server-paged list (10 a
// page) with its loading, error and empty states, pull-to-refresh and the shared footer.

type PagedListProps<T> = {
  loadPage: (page: number) => Promise<ListPage<T>>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  errorTitle: string;
  empty: ReactNode;
  /** Something shown above the rows once the first page is there. */
  header?: ReactNode;
};

export function PagedList<T>({ loadPage, itemKey, renderItem, errorTitle, empty, header }: PagedListProps<T>) {
  const list = usePagedList(loadPage, { pageSize: listPageSize, keyOf: itemKey });
  const pullPx = usePullToRefresh(list.reload);
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={list.state} onRetry={list.reload} errorTitle={errorTitle} isEmpty={(items) => items.length === 0} empty={empty}>
        {(items) => (
          <>
            {header}
            {items.map((item) => (
              <div key={itemKey(item)}>{renderItem(item)}</div>
            ))}
            <ListFooter list={list} />
          </>
        )}
      </LoadStates>
    </div>
  );
}
