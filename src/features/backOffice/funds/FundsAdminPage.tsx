import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AdminFundRow } from '../../../../contract/funds.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { formatBasisPoints } from '../../../ui/format.ts';
import { formatFourDecimals, formatNav } from '../../funds/fundFormat.ts';
import { Button } from '../../../ui/widgets.tsx';
import { useMayUse } from '../shared/access.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { useStaffLoad } from '../shared/useStaffLoad.ts';
import { fundPhaseTone, useFundAdminLabels } from './fundAdminText.ts';
import { FundEditor } from './FundEditor.tsx';

type Action = { kind: 'edit'; fund: AdminFundRow | null } | { kind: 'withdraw' | 'end'; fund: AdminFundRow };

/** A fund may be withdrawn before anyone holds units in it or waits for them. */
const withdrawable = (fund: AdminFundRow) => (fund.phase === 'upcoming' || fund.phase === 'subscribing') && fund.holders === 0 && /^0(\.0+)?$/.test(fund.pending_subscriptions);
/** A fund holding money can be ended early: it closes its positions and pays every holder out, as at its end time. */
const endable = (fund: AdminFundRow) => fund.phase === 'subscribing' || fund.phase === 'running';

/**
 * /admin/funds: the strategy funds with their NAV, assets, holders and orders; operators create
 * and edit a fund before it opens, withdraw one no one holds yet, or end one early, each with a
 * reason kept in the audit log.
 */
export function FundsAdminPage() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const labels = useFundAdminLabels();
  const mayEdit = useMayUse('admin/fund/save');
  const mayWithdraw = useMayUse('admin/fund/withdraw');
  const mayEnd = useMayUse('admin/fund/end');
  const list = useListState<'all'>('all');
  const [action, setAction] = useState<Action | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/fund/list', { page: list.page }, { silent }), [list.page]);
  const percent = (bps: number | null) => formatBasisPoints(bps, format.locale, { signed: false });
  const done = () => {
    setAction(null);
    reload();
  };
  const actionsOf = (fund: AdminFundRow) => (
    <div className={styles.actions}>
      {mayEdit && fund.phase === 'upcoming' ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'edit', fund })}>
          {t`Edit…`}
        </Button>
      ) : null}
      {mayWithdraw && withdrawable(fund) ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'withdraw', fund })} data-action="withdraw-fund">
          {t`Withdraw…`}
        </Button>
      ) : null}
      {mayEnd && endable(fund) ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'end', fund })} data-action="end-fund">
          {t`End early…`}
        </Button>
      ) : null}
    </div>
  );
  return (
    <>
      {mayEdit ? (
        <div className={styles.toolbar}>
          <Button className={styles.smallButton} onClick={() => setAction({ kind: 'edit', fund: null })}>
            <Trans>New strategy fund…</Trans>
          </Button>
        </div>
      ) : null}
      <PagedTable
        label={t`Strategy funds`}
        state={state}
        onRetry={reload}
        onPage={list.setPage}
        errorTitle={t`The strategy funds could not be loaded.`}
        emptyTitle={t`No strategy funds`}
        rowKey={(fund) => fund.id}
        columns={[
          {
            header: t`Fund`,
            cell: (fund) => (
              <span data-testid="fund-admin-row" data-fund-id={fund.id} style={{ display: 'inline-block', minWidth: 180 }}>
                <strong>{fund.name}</strong>
                <br />
                {labels.strategy[fund.strategy.key]}
                {fund.demo ? <span className={styles.muted}> · {t`Demo`}</span> : null}
                <br />
                <span className={styles.muted}>{t`Trading account ${fund.account_user_id}`}</span>
                {fund.withdrawn_reason ? (
                  <>
                    <br />
                    <span className={styles.muted}>{t`Withdrawn: ${fund.withdrawn_reason}`}</span>
                  </>
                ) : null}
              </span>
            ),
          },
          { header: t`Phase`, cell: (fund) => <Badge tone={fundPhaseTone[fund.phase]}>{labels.phase[fund.phase]}</Badge> },
          {
            header: t`NAV · net assets`,
            cell: (fund) => (
              <>
                {formatNav(fund.nav)}
                <br />
                <span className={styles.muted}>{format.money(fund.net_assets)}</span>
              </>
            ),
            numeric: true,
          },
          {
            header: t`Units · holders`,
            cell: (fund) => (
              <>
                {formatFourDecimals(fund.units_outstanding)}
                <br />
                <span className={styles.muted}>{t`${fund.holders} holders`}</span>
              </>
            ),
            numeric: true,
          },
          {
            header: t`Cash · waiting for NAV`,
            cell: (fund) => (
              <>
                {format.money(fund.cash)}
                <br />
                <span className={styles.muted}>{format.money(fund.pending_subscriptions)}</span>
              </>
            ),
            numeric: true,
          },
          {
            header: t`Size cap · left`,
            cell: (fund) => (
              <>
                {format.money(fund.size_cap)}
                <br />
                <span className={styles.muted}>{format.money(fund.remaining_capacity)}</span>
              </>
            ),
            numeric: true,
          },
          {
            header: t`Minimum · fee a year`,
            cell: (fund) => (
              <>
                {format.money(fund.minimum_investment)}
                <br />
                <span className={styles.muted}>{percent(fund.management_fee_bps)}</span>
              </>
            ),
            numeric: true,
          },
          {
            header: t`Orders · response rate`,
            cell: (fund) => `${fund.strategy_order_count} · ${fund.response_rate === null ? '—' : `${fund.response_rate}%`}`,
            numeric: true,
          },
          {
            header: t`Dates (IST)`,
            cell: (fund) => (
              <>
                {t`Subscriptions ${format.dateTime(fund.subscribe_from)} – ${format.dateTime(fund.subscribe_until)}`}
                <br />
                <span className={styles.muted}>{t`Ends ${format.dateTime(fund.ends_at)}`}</span>
              </>
            ),
          },
          { header: t`Actions`, cell: actionsOf },
        ]}
      />
      {action?.kind === 'edit' ? <FundEditor fund={action.fund} onClose={() => setAction(null)} onSaved={done} /> : null}
      {action?.kind === 'withdraw' ? (
        <ActionDialog
          title={t`Withdraw ${action.fund.name}?`}
          summary={<p className={styles.muted}>{t`No one holds units in it yet. It closes for good and users read "This product does not exist or has been removed." with your reason.`}</p>}
          confirmLabel={t`Withdraw fund`}
          danger
          onConfirm={async (reason) => {
            await call('admin/fund/withdraw', { fund_id: action.fund.id, reason }, { silent: true });
            showToast(t`Fund withdrawn`, { tone: 'success' });
            done();
          }}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'end' ? (
        <ActionDialog
          title={t`End ${action.fund.name} early?`}
          summary={
            <p className={styles.muted}>
              {t`The fund stops taking subscriptions, closes its positions and pays every holder out at its NAV, as at its end time. This cannot be undone.`}
            </p>
          }
          confirmLabel={t`End fund now`}
          danger
          onConfirm={async (reason) => {
            await call('admin/fund/end', { fund_id: action.fund.id, reason }, { silent: true });
            showToast(t`The fund is ending`, { tone: 'success' });
            done();
          }}
          onClose={() => setAction(null)}
        />
      ) : null}
    </>
  );
}
