import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Loadable } from '../../../ui/useLoad.ts';
import { EmptyState, LoadStates, SkeletonRows } from '../../../ui/LoadStates.tsx';
import * as styles from './backOffice.css.ts';
import { Pager } from './Pager.tsx';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; numeric?: boolean };

type RowsTableProps<Row> = {
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Rows open something (a panel, a page) when clicked or chosen with Enter. */
  onOpen?: (row: Row) => void;
  selectedKey?: string | null;
};

/** A plain, accessible table: staff scan columns, so no cards here. */
export function RowsTable<Row>({ label, rows, columns, rowKey, onOpen, selectedKey }: RowsTableProps<Row>) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={column.numeric ? styles.amountCell : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr
                key={key}
                data-testid="row"
                className={onOpen ? styles.clickableRow : undefined}
                aria-selected={onOpen ? key === selectedKey : undefined}
                tabIndex={onOpen ? 0 : undefined}
                onClick={onOpen ? () => onOpen(row) : undefined}
                onKeyDown={onOpen ? (event) => event.key === 'Enter' && onOpen(row) : undefined}
              >
                {columns.map((column) => (
                  <td key={column.header} className={column.numeric ? styles.amountCell : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export type Paged<Row> = { items: Row[]; total: number; page: number; page_size: number };

type PagedTableProps<Row> = Omit<RowsTableProps<Row>, 'rows'> & {
  state: Loadable<Paged<Row>>;
  onRetry: () => void;
  onPage: (page: number) => void;
  errorTitle: string;
  emptyTitle: string;
};

/** A server-paged list with its loading, error (Retry) and empty states and the page numbers. */
export function PagedTable<Row>({ state, onRetry, onPage, errorTitle, emptyTitle, ...table }: PagedTableProps<Row>) {
  const { t } = useLingui();
  return (
    <LoadStates
      state={state}
      onRetry={onRetry}
      errorTitle={errorTitle}
      skeleton={<SkeletonRows count={5} />}
      isEmpty={(data) => data.total === 0 && data.items.length === 0}
      empty={<EmptyState title={emptyTitle} text={t`Nothing matches this view.`} />}
    >
      {(data) => (
        <>
          <RowsTable {...table} rows={data.items} />
          <Pager page={data.page} total={data.total} pageSize={data.page_size} onPage={onPage} />
        </>
      )}
    </LoadStates>
  );
}
