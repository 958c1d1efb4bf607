import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { IpoApplication } from '../../../contract/ipo.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { ConfirmSheet } from '../funding/ConfirmSheet.tsx';
import * as styles from '../funding/funding.css.ts';
import { PagedList } from '../funding/PagedList.tsx';
import * as ipoStyles from './ipo.css.ts';
import { applicationTone, useIpoLabels } from './ipoText.ts';

const loadApplications = (page: number) => call('ipo/applications', { page }, { silent: true });
const loadOpenIssueIds = async () => new Set((await call('ipo/list', { state: 'open' }, { silent: true })).map((issue) => issue.id));

/** /home/newStockRecord: every application, newest first, 10 a page; one still to be drawn in an open issue can be withdrawn. */
export function IpoRecordsPage() {
  const { t } = useLingui();
  // Withdrawing is allowed only while the issue is open; a pending application of a closed issue waits for the draw.
  const openIssues = useLoad(useCallback(loadOpenIssueIds, []));
  const openIds = openIssues.state.status === 'ready' ? openIssues.state.data : new Set<string>();
  // A withdrawal changes the row and the balance: the list starts again from page 1.
  const [version, setVersion] = useState(0);
  return (
    <PagedList
      key={version}
      loadPage={loadApplications}
      itemKey={(application) => application.id}
      renderItem={(application) => (
        <ApplicationRow application={application} withdrawable={application.state === 'pending' && openIds.has(application.ipo_id)} onWithdrawn={() => setVersion(version + 1)} />
      )}
      errorTitle={t`Your IPO applications could not be loaded.`}
      empty={
        <EmptyState
          icon="list"
          title={t`No IPO applications yet`}
          text={t`Apply for an open IPO and your applications appear here.`}
          action={
            <Link to="/home/newStock">
              <Trans>See the IPOs</Trans>
            </Link>
          }
        />
      }
    />
  );
}

function ApplicationRow({ application, withdrawable, onWithdrawn }: { application: IpoApplication; withdrawable: boolean; onWithdrawn: () => void }) {
  const { t } = useLingui();
  const labels = useIpoLabels();
  const [confirming, setConfirming] = useState(false);
  const idempotency = useIdempotencyKey();
  const { busy, run: withdraw } = useSingleFlight(async () => {
    const details = { application_id: application.id };
    try {
      await settleWhenAnswered(idempotency, call('ipo/withdraw', { ...details, idempotency_key: idempotency.keyFor(details) }));
    } catch (error) {
      if (error instanceof CommandRefused) setConfirming(false);
      throw error;
    }
    setConfirming(false);
    showToast(t`Application withdrawn: the money is released.`, { tone: 'success' });
    onWithdrawn();
  });
  const lots = application.lots;
  const shares = labels.shares(application.shares_applied);
  const allotted = labels.shares(application.shares_allotted);
  const held = labels.money(application.amount_held);
  const paid = labels.money(application.amount_paid);
  const released = labels.money(application.amount_released);
  return (
    <div className={styles.row} data-testid="ipo-application" data-state={application.state} data-application-id={application.id}>
      <div className={styles.rowTop}>
        <Link to="/home/newStockBuy" search={{ ipo_id: application.ipo_id }} className={`${styles.rowTitle} ${ipoStyles.rowLink}`}>
          {application.issuer} · {application.code}
        </Link>
        <span className={styles.badge[applicationTone[application.state]]} data-testid="ipo-application-state">
          {labels.applicationState[application.state]}
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span>
          <Trans>Price {labels.money(application.price)}</Trans>
        </span>
        <span>
          <Trans>
            {lots} lots · {shares} shares
          </Trans>
        </span>
        <span data-testid="ipo-application-held">
          <Trans>Held {held}</Trans>
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span data-testid="ipo-application-allotted">
          <Trans>Allotted {allotted} shares</Trans>
        </span>
        <span data-testid="ipo-application-paid">
          <Trans>Paid {paid}</Trans>
        </span>
        <span data-testid="ipo-application-released">
          <Trans>Released {released}</Trans>
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span>{labels.when(application.created_at)}</span>
        {application.pay_by !== null ? (
          <span>
            <Trans>Pay by {labels.when(application.pay_by)}</Trans>
          </span>
        ) : null}
      </div>
      {withdrawable ? (
        <div className={ipoStyles.rowActions}>
          <Button variant="ghost" className={styles.dangerButton} onClick={() => setConfirming(true)} data-action="ipo-withdraw">
            <Trans>Withdraw</Trans>
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmSheet
          title={t`Withdraw this application?`}
          rows={[
            { label: t`IPO`, value: `${application.issuer} (${application.code})` },
            { label: t`Released to your available balance`, value: held, emphasis: true },
          ]}
          note={<Trans>It leaves the draw. You may apply again while the issue is open, within its limit of applications.</Trans>}
          confirmLabel={t`Withdraw`}
          submitting={busy}
          onConfirm={withdraw}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
