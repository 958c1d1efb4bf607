import { useLingui } from '@lingui/react/macro';
import { withdrawalStatuses } from '../../../../contract/funding.ts';
import { call } from '../../../api/commandBus.ts';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { useStaffFormat } from '../shared/format.ts';
import { type WithdrawalStatus, useBackOfficeLabels, withdrawalStatusTone } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { queueRefreshMs, useStaffLoad } from '../shared/useStaffLoad.ts';
import { CardSummary, FourEyes } from './FourEyes.tsx';
import { WithdrawalPanel } from './WithdrawalPanel.tsx';

/** /admin/withdrawals: requests to pay out to the user's own bank card, with the four-eyes rule in view. */
export function WithdrawalsQueuePage() {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const list = useListState<WithdrawalStatus | 'all'>('pending');
  const { state, reload } = useStaffLoad(
    ({ silent }) => call('admin/withdrawals/list', { page: list.page, status: list.filter === 'all' ? undefined : list.filter }, { silent }),
    [list.page, list.filter],
    { refreshEveryMs: queueRefreshMs },
  );
  const open = state.status === 'ready' ? state.data.items.find((row) => row.id === list.openId) : undefined;
  return (
    <>
      <div className={styles.toolbar}>
        <FilterSelect
          label={t`Status`}
          value={list.filter}
          onChange={list.setFilter}
          options={[{ value: 'all', label: t`All` }, ...withdrawalStatuses.map((status) => ({ value: status, label: labels.withdrawalStatus[status] }))]}
        />
      </div>
      <div className={open ? styles.split : undefined}>
        <div>
          <PagedTable
            label={t`Withdrawals`}
            state={state}
            onRetry={reload}
            onPage={list.setPage}
            errorTitle={t`The withdrawals could not be loaded.`}
            emptyTitle={t`No withdrawals`}
            rowKey={(row) => row.id}
            onOpen={(row) => list.setOpenId(row.id)}
            selectedKey={list.openId}
            columns={[
              { header: t`Requested`, cell: (row) => format.dateTime(row.created_at) },
              { header: t`Mobile number`, cell: (row) => row.account },
              { header: t`Amount`, cell: (row) => format.money(row.amount), numeric: true },
              { header: t`Card`, cell: (row) => <CardSummary card={row.card} /> },
              { header: t`Status`, cell: (row) => <Badge tone={withdrawalStatusTone[row.status]}>{labels.withdrawalStatus[row.status]}</Badge> },
              { header: t`Approvals`, cell: (row) => <FourEyes row={row} /> },
            ]}
          />
        </div>
        {open ? (
          <WithdrawalPanel
            key={open.id}
            row={open}
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
