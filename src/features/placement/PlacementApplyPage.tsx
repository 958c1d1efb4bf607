import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { parseMinorAmount } from '../../../contract/currencies.ts';
import type { PlacementApplication, PlacementOffer } from '../../../contract/placement.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { placementSearch } from '../../app/routeSearch.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Stepper } from '../../ui/Stepper.tsx';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { ConfirmSheet } from '../funding/ConfirmSheet.tsx';
import * as styles from '../funding/funding.css.ts';
import { OfferCard } from './PlacementListPage.tsx';
import { amountForShares, usePlacementLabels } from './placementText.ts';

type ApplyScreenData = { offer: PlacementOffer | null; available: string };

/** /home/newStockPsBuy?placement_id=3: the offer, the caller's entitlement and, while it is open, the application form. */
export function PlacementApplyPage() {
  const { t } = useLingui();
  const { placement_id: placementId } = placementSearch.useSearch();
  const load = useCallback(async (): Promise<ApplyScreenData> => {
    const [offers, info] = await Promise.all([call('placement/list', {}, { silent: true }), call('user/info', {}, { silent: true })]);
    return { offer: offers.find((offer) => offer.id === placementId) ?? null, available: info.balances.available };
  }, [placementId]);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  const backToList = (
    <Link to="/home/newStockps">
      <Trans>See the placements</Trans>
    </Link>
  );
  if (placementId === undefined) return <EmptyState title={t`This link names no placement.`} action={backToList} />;
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`This placement could not be loaded.`} skeleton={<SkeletonRows count={6} />}>
        {({ offer, available }) =>
          offer === null ? (
            <EmptyState title={t`This placement does not exist or has been removed.`} action={backToList} />
          ) : (
            <>
              <OfferCard offer={offer} linked={false} />
              {offer.state === 'open' ? <ApplyForm key={offer.applied_entitled} offer={offer} available={available} onApplied={reload} /> : null}
            </>
          )
        }
      </LoadStates>
    </div>
  );
}

function SharesStepper({ label, value, step, max, onChange, testId }: { label: string; value: number; step: number; max: number; onChange: (value: number) => void; testId: string }) {
  const { t } = useLingui();
  const labels = usePlacementLabels();
  const shares = labels.shares(value);
  return (
    <Stepper
      label={label}
      fewerLabel={t`${label}: fewer`}
      moreLabel={t`${label}: more`}
      canDecrease={value - step >= 0}
      canIncrease={value + step <= max}
      onDecrease={() => onChange(value - step)}
      onIncrease={() => onChange(value + step)}
      testId={testId}
    >
      <Trans>{shares} shares</Trans>
    </Stepper>
  );
}

/** Shares within the entitlement (all of what is left, to start with) and any additional shares, in whole lots. */
function ApplyForm({ offer, available, onApplied }: { offer: PlacementOffer; available: string; onApplied: () => void }) {
  const { t } = useLingui();
  const labels = usePlacementLabels();
  const room = Math.max(0, (offer.entitlement ?? 0) - offer.applied_entitled);
  const [quantity, setQuantity] = useState(room);
  const [additional, setAdditional] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [applied, setApplied] = useState<PlacementApplication | null>(null);
  const idempotency = useIdempotencyKey();
  const holdMinor = amountForShares(offer.price, offer.currency, quantity + additional);
  const availableMinor = parseMinorAmount(available, offer.currency);
  const short = holdMinor !== null && availableMinor !== null && holdMinor > availableMinor;
  const belowMinimum = quantity + additional < offer.minimum_quantity;
  const hold = labels.money(holdMinor, offer.currency);
  const minimum = labels.shares(offer.minimum_quantity);

  const { busy, run: apply } = useSingleFlight(async () => {
    const details = { placement_id: offer.id, quantity, additional };
    try {
      const application = await settleWhenAnswered(idempotency, call('placement/apply', { ...details, idempotency_key: idempotency.keyFor(details) }));
      setApplied(application);
      setConfirming(false);
      onApplied();
    } catch (error) {
      // A refusal held nothing: back to the form. A lost answer keeps the sheet for a retry with the same key.
      if (error instanceof CommandRefused) setConfirming(false);
      throw error;
    }
  });

  if (offer.entitlement === null || offer.entitlement === 0) {
    return (
      <section className={styles.card} aria-label={t`Apply`}>
        <p className={styles.notice.info} data-testid="placement-not-entitled">
          <Trans>You did not hold this stock at the end of the record date, so you have no entitlement to this offer.</Trans>
        </p>
      </section>
    );
  }
  return (
    <section className={styles.card} aria-label={t`Apply`}>
      <h2 className={styles.cardTitle}>
        <Trans>Apply</Trans>
      </h2>
      {applied ? (
        <p className={styles.notice.info} role="status" data-testid="placement-applied">
          <span>
            <Trans>{labels.money(applied.amount_held, applied.currency)} held until the allotment.</Trans>{' '}
            <Link to="/home/newStockps1">
              <Trans>See my placement orders</Trans>
            </Link>
          </span>
        </p>
      ) : null}
      <p className={styles.fieldHint}>
        <Trans>Within your entitlement ({labels.shares(room)} shares left)</Trans>
      </p>
      <SharesStepper label={t`Entitled shares`} value={quantity} step={offer.lot} max={room} onChange={setQuantity} testId="placement-quantity" />
      <p className={styles.fieldHint}>
        <Trans>Additional shares: allotted from entitlements others did not take up, pro rata to what each applicant asked.</Trans>
      </p>
      <SharesStepper label={t`Additional shares`} value={additional} step={offer.lot} max={1_000_000} onChange={setAdditional} testId="placement-additional" />
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Amount to hold</Trans>
        </dt>
        <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="placement-hold">
          {hold}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Available balance</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="placement-available">
          {labels.money(available, offer.currency)}
        </dd>
      </dl>
      <p className={styles.notice.info}>
        <Trans>The amount is held, not debited, until the allotment after the window closes. Shares you are not allotted are released to your available balance.</Trans>
      </p>
      {belowMinimum ? (
        <p className={styles.fieldError} data-testid="placement-below-minimum">
          <Trans>An application is at least {minimum} shares.</Trans>
        </p>
      ) : null}
      {short ? (
        <p className={styles.fieldError} data-testid="placement-short">
          <Trans>Your available balance is less than {hold}.</Trans>
        </p>
      ) : null}
      <Button block disabled={busy || short || belowMinimum} onClick={() => setConfirming(true)} data-action="placement-apply">
        <Trans>Apply</Trans>
      </Button>
      {confirming ? (
        <ConfirmSheet
          title={t`Confirm your application`}
          rows={[
            { label: labels.kind(offer), value: `${offer.name} (${offer.code})` },
            { label: t`Entitled shares`, value: labels.shares(quantity) },
            { label: t`Additional shares`, value: labels.shares(additional) },
            { label: t`Amount to hold`, value: hold, testId: 'confirm-hold', emphasis: true },
          ]}
          note={<Trans>The amount is held, not debited, until the allotment.</Trans>}
          confirmLabel={t`Apply`}
          submitting={busy}
          onConfirm={apply}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
