import { Trans, useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import { depositStatuses } from '../../../../contract/funding.ts';
import { call } from '../../../api/commandBus.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { useStaffFormat } from '../shared/format.ts';
import { type DepositStatus, depositStatusTone, useBackOfficeLabels } from '../shared/labels.ts';
import { ReviewButtons } from '../shared/ReviewButtons.tsx';
import { StaffImage } from '../shared/StaffImage.tsx';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { queueRefreshMs, useStaffLoad } from '../shared/useStaffLoad.ts';

type DepositRow = ResponseOf<'admin/deposits/list'>['items'][number];

/** /admin/deposits: reported bank transfers to check against the receipt and the firm's statement. */
export function DepositsQueuePage() {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const list = useListState<DepositStatus | 'all'>('pending');
  const { state, reload } = useStaffLoad(
    ({ silent }) => call('admin/deposits/list', { page: list.page, status: list.filter === 'all' ? undefined : list.filter }, { silent }),
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
          options={[{ value: 'all', label: t`All` }, ...depositStatuses.map((status) => ({ value: status, label: labels.depositStatus[status] }))]}
        />
      </div>
      <div className={open ? styles.split : undefined}>
        <div>
          <PagedTable
            label={t`Deposits`}
            state={state}
            onRetry={reload}
            onPage={list.setPage}
            errorTitle={t`The deposits could not be loaded.`}
            emptyTitle={t`No deposits`}
            rowKey={(row) => row.id}
            onOpen={(row) => list.setOpenId(row.id)}
            selectedKey={list.openId}
            columns={[
              { header: t`Reported`, cell: (row) => format.dateTime(row.created_at) },
              { header: t`Mobile number`, cell: (row) => row.account },
              { header: t`Amount`, cell: (row) => format.money(row.amount), numeric: true },
              { header: t`Channel`, cell: (row) => row.channel_name },
              { header: t`Reference`, cell: (row) => row.reference },
              { header: t`Status`, cell: (row) => <Badge tone={depositStatusTone[row.status]}>{labels.depositStatus[row.status]}</Badge> },
            ]}
          />
        </div>
        {open ? (
          <DepositPanel
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

function DepositPanel({ row, onClose, onReviewed }: { row: DepositRow; onClose: () => void; onReviewed: () => void }) {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const amount = format.money(row.amount);
  return (
    <section className={styles.panel} aria-label={t`Deposit`}>
      <div className={styles.panelHeader}>
        <h2 className={styles.sectionTitle} data-testid="deposit-amount">
          {amount}
        </h2>
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t({ message: 'Close', context: 'back office' })}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Mobile number</Trans>
        </dt>
        <dd>{row.account}</dd>
        <dt>
          <Trans>Channel</Trans>
        </dt>
        <dd>{row.channel_name}</dd>
        <dt>
          <Trans>Reference (UTR)</Trans>
        </dt>
        <dd>{row.reference}</dd>
        <dt>
          <Trans>Reported</Trans>
        </dt>
        <dd>{format.dateTime(row.created_at)}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <Badge tone={depositStatusTone[row.status]}>{labels.depositStatus[row.status]}</Badge>
        </dd>
        {row.reviewer ? (
          <>
            <dt>
              <Trans>Reviewed by</Trans>
            </dt>
            <dd>
              {row.reviewer}, {format.dateTime(row.reviewed_at)}
            </dd>
          </>
        ) : null}
        {row.reason ? (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{row.reason}</dd>
          </>
        ) : null}
      </dl>
      <StaffImage uploadId={row.receipt_upload_id} label={t`Receipt`} />
      {row.status === 'pending' ? (
        <ReviewButtons
          approve={{
            title: t`Approve this deposit?`,
            summary: <p className={styles.muted}>{t`${amount} is credited to ${row.account}. Approve only if the firm's bank statement shows reference ${row.reference}.`}</p>,
            confirmLabel: t`Approve`,
            done: t`Deposit approved`,
          }}
          reject={{
            title: t`Reject this deposit?`,
            summary: <p className={styles.muted}>{t`Nothing is credited. The user reads your reason.`}</p>,
            confirmLabel: t`Reject`,
            done: t`Deposit rejected`,
          }}
          send={(decision, reason) => call('admin/deposits/review', { id: row.id, decision, reason }, { silent: true })}
          onReviewed={onReviewed}
        />
      ) : null}
    </section>
  );
}
