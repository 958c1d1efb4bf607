import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { IpoApplication } from '../../../contract/ipo.ts';
import { call } from '../../api/commandBus.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import * as styles from '../funding/funding.css.ts';
import { ApplicationRecords } from '../primaryMarket/ApplicationRecords.tsx';
import { WithdrawApplication, type WithdrawDetails } from '../primaryMarket/WithdrawApplication.tsx';
import * as ipoStyles from './ipo.css.ts';
import { applicationTone, useIpoLabels } from './ipoText.ts';

const loadApplications = (page: number) => call('ipo/applications', { page }, { silent: true });
const sendWithdrawal = (details: WithdrawDetails, idempotencyKey: string) => call('ipo/withdraw', { ...details, idempotency_key: idempotencyKey });
const loadOpenIssueIds = async () => new Set((await call('ipo/list', { state: 'open' }, { silent: true })).map((issue) => issue.id));

/** /home/newStockRecord: every application, newest first, 10 a page; one still to be drawn in an open issue can be withdrawn. */
export function IpoRecordsPage() {
  const { t } = useLingui();
  return (
    <ApplicationRecords
      loadPage={loadApplications}
      loadOpenIds={loadOpenIssueIds}
      // Withdrawing is allowed only while the issue is open; a pending application of a closed issue waits for the draw.
      withdrawable={(application, openIds) => application.state === 'pending' && openIds.has(application.ipo_id)}
      renderRow={(application, withdrawable, onWithdrawn) => <ApplicationRow application={application} withdrawable={withdrawable} onWithdrawn={onWithdrawn} />}
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
        <WithdrawApplication
          applicationId={application.id}
          send={sendWithdrawal}
          action="ipo-withdraw"
          confirmRows={[
            { label: t`IPO`, value: `${application.issuer} (${application.code})` },
            { label: t`Released to your available balance`, value: held, emphasis: true },
          ]}
          note={<Trans>It leaves the draw. You may apply again while the issue is open, within its limit of applications.</Trans>}
          onWithdrawn={onWithdrawn}
        />
      ) : null}
    </div>
  );
}
