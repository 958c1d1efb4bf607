import { type ReactNode, useState } from 'react';
import { useLoad } from '../../ui/useLoad.ts';
import type { ListPage } from '../../ui/usePagedList.ts';
import { PagedList } from '../funding/PagedList.tsx';

type ApplicationRecordsProps<T extends { id: string }> = {
  loadPage: (page: number) => Promise<ListPage<T>>;
  /** The issues or offers still open: only their pending applications can be withdrawn. */
  loadOpenIds: () => Promise<ReadonlySet<string>>;
  withdrawable: (application: T, openIds: ReadonlySet<string>) => boolean;
  renderRow: (application: T, withdrawable: boolean, onWithdrawn: () => void) => ReactNode;
  errorTitle: string;
  empty: ReactNode;
};

const noneOpen: ReadonlySet<string> = new Set();

/** A user's IPO or placement applications, newest first, 10 a page, with withdrawal where the issue or offer is still open. */
export function ApplicationRecords<T extends { id: string }>({ loadPage, loadOpenIds, withdrawable, renderRow, errorTitle, empty }: ApplicationRecordsProps<T>) {
  const openIssues = useLoad(loadOpenIds);
  const openIds = openIssues.state.status === 'ready' ? openIssues.state.data : noneOpen;
  // A withdrawal changes the row and the balance: the list starts again from page 1.
  const [version, setVersion] = useState(0);
  return (
    <PagedList
      key={version}
      loadPage={loadPage}
      itemKey={(application) => application.id}
      renderItem={(application) => renderRow(application, withdrawable(application, openIds), () => setVersion(version + 1))}
      errorTitle={errorTitle}
      empty={empty}
    />
  );
}
