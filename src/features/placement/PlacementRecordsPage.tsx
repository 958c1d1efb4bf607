import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PlacementApplication } from '../../../contract/placement.ts';
import { call } from '../../api/commandBus.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import * as styles from '../funding/funding.css.ts';
import { ApplicationRecords } from '../primaryMarket/ApplicationRecords.tsx';
import { WithdrawApplication, type WithdrawDetails } from '../primaryMarket/WithdrawApplication.tsx';
import { applicationTone, usePlacementLabels } from './placementText.ts';

const loadApplications = (page: number) => call('placement/applications', { page }, { silent: true });
const sendWithdrawal = (details: WithdrawDetails, idempotencyKey: string) => call('placement/withdraw', { ...details, idempotency_key: idempotencyKey });
const loadOpenOfferIds = async () => new Set((await call('placement/list', {}, { silent: true })).filter((offer) => offer.state === 'open').map((offer) => offer.id));

/** /home/newStockps1: every placement application, newest first, 10 a page; a pending one of an open offer can be withdrawn. */
export function PlacementRecordsPage() {
  const { t } = useLingui();
  return (
    <ApplicationRecords
      loadPage={loadApplications}
      loadOpenIds={loadOpenOfferIds}
      withdrawable={(application, openIds) => application.state === 'pending' && openIds.has(application.placement_id)}
      renderRow={(application, withdrawable, onWithdrawn) => <ApplicationRow application={application} withdrawable={withdrawable} onWithdrawn={onWithdrawn} />}
      errorTitle={t`Your placement orders could not be loaded.`}
      empty={
        <EmptyState
          icon="list"
          title={t`No placement orders yet`}
          text={t`Apply for an open placement or rights issue and your applications appear here.`}
          action={
            <Link to="/home/newStockps">
              <Trans>See the placements</Trans>
            </Link>
          }
        />
      }
    />
  );
}

function ApplicationRow({ application, withdrawable, onWithdrawn }: { application: PlacementApplication; withdrawable: boolean; onWithdrawn: () => void }) {
  const { t } = useLingui();
  const labels = usePlacementLabels();
  const currency = application.currency;
  const entitled = labels.shares(application.entitled_quantity);
  const additional = labels.shares(application.additional_quantity);
  const allotted = labels.shares(application.quantity_allotted);
  const held = labels.money(application.amount_held, currency);
  const paid = labels.money(application.amount_paid, currency);
  const released = labels.money(application.amount_released, currency);
  return (
    <div className={styles.row} data-testid="placement-application" data-state={application.state} data-application-id={application.id}>
      <div className={styles.rowTop}>
        <Link to="/home/newStockPsBuy" search={{ placement_id: application.placement_id }} className={styles.rowTitle}>
          {labels.kind(application)} · {application.code}
        </Link>
        <span className={styles.badge[applicationTone[application.state]]} data-testid="placement-application-state">
          {labels.applicationState[application.state]}
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span>
          <Trans>Price {labels.money(application.price, currency)}</Trans>
        </span>
        <span>
          <Trans>
            {entitled} entitled + {additional} additional shares
          </Trans>
        </span>
        <span data-testid="placement-application-held">
          <Trans>Held {held}</Trans>
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span data-testid="placement-application-allotted">
          <Trans>Allotted {allotted} shares</Trans>
        </span>
        <span>
          <Trans>Paid {paid}</Trans>
        </span>
        <span data-testid="placement-application-released">
          <Trans>Released {released}</Trans>
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span>{labels.when(application.created_at)}</span>
      </div>
      {withdrawable ? (
        <WithdrawApplication
          applicationId={application.id}
          send={sendWithdrawal}
          action="placement-withdraw"
          confirmRows={[
            { label: labels.kind(application), value: application.code },
            { label: t`Released to your available balance`, value: held, emphasis: true },
          ]}
          note={<Trans>You may apply again while the offer is open.</Trans>}
          onWithdrawn={onWithdrawn}
        />
      ) : null}
    </div>
  );
}
