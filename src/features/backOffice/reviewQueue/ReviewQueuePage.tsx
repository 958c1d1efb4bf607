import { useLingui } from '@lingui/react/macro';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { useStaffFormat } from '../shared/format.ts';
import { useBackOfficeLabels } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { queueRefreshMs, useStaffLoad } from '../shared/useStaffLoad.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import type { QueueRow, QueueView, ReviewQueue } from './reviewQueue.ts';

/**
 * A review queue as `queue` describes it: the items waiting for a decision first (a status
 * filter shows the others), page numbers, a refresh every 15 s and on return to the window
 * (silent: a failed background refresh keeps the rows), and a row opens its panel beside the list.
 */
export function ReviewQueuePage<Row extends QueueRow<Status>, Status extends string>({ queue }: { queue: ReviewQueue<Row, Status> }) {
  const { t, i18n } = useLingui();
  const view = useQueueView(queue);
  const list = useListState<Status | 'all'>(queue.waitingStatus);
  const { state, reload } = useStaffLoad(
    ({ silent }) => queue.list({ page: list.page, status: list.filter === 'all' ? undefined : list.filter }, { silent }),
    [list.page, list.filter],
    { refreshEveryMs: queueRefreshMs },
  );
  const open = state.status === 'ready' ? state.data.items.find((row) => row.id === list.openId) : undefined;
  return (
    <>
      <div className={styles.toolbar}>
        <FilterSelect<Status | 'all'>
          label={t`Status`}
          value={list.filter}
          onChange={list.setFilter}
          options={[{ value: 'all', label: t`All` }, ...queue.statuses.map((status) => ({ value: status, label: view.statusLabel(status) }))]}
        />
      </div>
      <div className={open ? styles.split : undefined}>
        <div>
          <PagedTable
            label={i18n._(queue.texts.list)}
            state={state}
            onRetry={reload}
            onPage={list.setPage}
            errorTitle={i18n._(queue.texts.loadFailed)}
            emptyTitle={i18n._(queue.texts.empty)}
            rowKey={(row) => row.id}
            onOpen={(row) => list.setOpenId(row.id)}
            selectedKey={list.openId}
            columns={queue.columns.map((column) => ({ header: i18n._(column.header), cell: (row: Row) => column.cell(row, view), numeric: column.numeric }))}
          />
        </div>
        {open ? (
          <ReviewPanel
            key={open.id}
            queue={queue}
            row={open}
            view={view}
            onClose={() => list.setOpenId(null)}
            onReviewed={() => {
              list.setOpenId(null);
              reload();
            }}
          />
        ) : null}
      </div>
    </>
  );
}

function useQueueView<Row extends QueueRow<Status>, Status extends string>(queue: ReviewQueue<Row, Status>): QueueView<Status> {
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const statusLabels = queue.statusLabels(labels);
  return {
    labels,
    format,
    statusLabel: (status) => statusLabels[status],
    statusBadge: (status) => <Badge tone={queue.statusTones[status]}>{statusLabels[status]}</Badge>,
  };
}
