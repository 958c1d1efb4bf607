import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { IpoApplication, IpoIssue } from '../../../contract/ipo.ts';
import { parseRupees } from '../../../contract/money.ts';
import type { ResponseOf } from '../../../contract/api.ts';
import { call, CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { ipoSearch } from '../../app/routeSearch.ts';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Stepper } from '../../ui/Stepper.tsx';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { ConfirmSheet } from '../funding/ConfirmSheet.tsx';
import * as styles from '../funding/funding.css.ts';
import { type Fact, FactList } from '../primaryMarket/FactList.tsx';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import { IpoDrawPanel } from './IpoDrawPanel.tsx';
import { amountForShares, issueTone, useIpoLabels } from './ipoText.ts';

type ApplyScreenData = { detail: ResponseOf<'ipo/detail'>; available: string };

/** /home/newStockBuy?ipo_id=7: the issue in full, the application form while it is open, and its draw. */
export function IpoApplyPage() {
  const { t } = useLingui();
  const { ipo_id: ipoId } = ipoSearch.useSearch();
  const load = useCallback(async (): Promise<ApplyScreenData> => {
    if (ipoId === undefined) throw new Error('no ipo_id in the link');
    const [detail, info] = await Promise.all([call('ipo/detail', { ipo_id: ipoId }, { silent: true }), call('user/info', {}, { silent: true })]);
    return { detail, available: info.balances.available };
  }, [ipoId]);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  if (ipoId === undefined) {
    return (
      <EmptyState
        title={t`This link names no IPO.`}
        action={
          <Link to="/home/newStock">
            <Trans>See the IPOs</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`This IPO could not be loaded.`} skeleton={<SkeletonRows count={6} />}>
        {({ detail, available }) => (
          <>
            <IssueFacts issue={detail.issue} />
            {detail.issue.state === 'open' ? <ApplyForm issue={detail.issue} available={available} onApplied={reload} /> : null}
            <IpoDrawPanel issue={detail.issue} draw={detail.draw} applications={detail.applications} />
          </>
        )}
      </LoadStates>
    </div>
  );
}

function IssueFacts({ issue }: { issue: IpoIssue }) {
  const { t } = useLingui();
  const labels = useIpoLabels();
  const rows: Fact[] = [
    [t`Price`, labels.price(issue), 'ipo-price'],
    [t`Lot`, t`${labels.shares(issue.lot)} shares`],
    [t`Minimum investment`, labels.money(amountForShares(issue.price, issue.lot)), 'ipo-minimum'],
    [t`Sponsor broker`, issue.sponsor_broker],
    [t`Issue size`, t`${labels.shares(issue.issue_shares)} shares`],
    [t`Retail shares`, t`${labels.shares(issue.retail_shares)} shares`],
    [t`Retail subscription`, labels.subscription(issue.retail_subscription_times), 'ipo-subscription'],
    [t`Applications per person`, t`${issue.my_applications} of ${issue.max_applications_per_user} used`],
    [t`Retail cap per application`, labels.money(issue.retail_cap)],
    [t`ISIN`, issue.isin],
    [t`Opens`, labels.when(issue.open_at)],
    [t`Closes`, labels.when(issue.close_at)],
    [t`Draw`, labels.when(issue.draw_at)],
    [t`Listing`, labels.when(issue.listing_at)],
  ];
  return (
    <section className={styles.card} aria-label={t`The issue`} data-testid="ipo-facts" data-state={issue.state}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          {issue.issuer} <span className={primaryStyles.code}>{issue.code}</span>
        </h2>
        <span className={primaryStyles.chipRow}>
          {issue.demo ? (
            <span className={primaryStyles.demoLabel}>
              <Trans>Demo</Trans>
            </span>
          ) : null}
          <span className={styles.badge[issueTone[issue.state]]} data-testid="ipo-state">
            {labels.issueState[issue.state]}
          </span>
        </span>
      </div>
      <FactList facts={rows} />
      {issue.state === 'withdrawn' && issue.withdrawn_reason ? (
        <p className={styles.rowReason}>
          <Trans>Withdrawn: {issue.withdrawn_reason}</Trans>
        </p>
      ) : null}
    </section>
  );
}

/** Lots from 1 to what the retail cap allows; the amount held is shown as the stepper moves. */
function ApplyForm({ issue, available, onApplied }: { issue: IpoIssue; available: string; onApplied: () => void }) {
  const { t } = useLingui();
  const labels = useIpoLabels();
  const [lots, setLots] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [applied, setApplied] = useState<IpoApplication | null>(null);
  const idempotency = useIdempotencyKey();
  const maxLots = Math.max(1, issue.max_lots);
  const holdPaise = amountForShares(issue.price, lots * issue.lot);
  const availablePaise = parseRupees(available);
  const short = holdPaise !== null && availablePaise !== null && holdPaise > availablePaise;
  const used = issue.my_applications >= issue.max_applications_per_user;
  const hold = labels.money(holdPaise);

  const { busy, run: apply } = useSingleFlight(async () => {
    const details = { ipo_id: issue.id, lots };
    try {
      const application = await settleWhenAnswered(idempotency, call('ipo/apply', { ...details, idempotency_key: idempotency.keyFor(details) }));
      setApplied(application);
      setConfirming(false);
      onApplied();
    } catch (error) {
      // A refusal held nothing: back to the form. A lost answer keeps the sheet for a retry with the same key.
      if (error instanceof CommandRefused) setConfirming(false);
      throw error;
    }
  });

  return (
    <section className={styles.card} aria-label={t`Apply`}>
      <h2 className={styles.cardTitle}>
        <Trans>Apply</Trans>
      </h2>
      {applied ? (
        <p className={styles.notice.info} role="status" data-testid="ipo-applied">
          <span>
            <Trans>{labels.money(applied.amount_held)} held for {labels.shares(applied.shares_applied)} shares.</Trans>{' '}
            <Link to="/home/newStockRecord">
              <Trans>See my applications</Trans>
            </Link>
          </span>
        </p>
      ) : null}
      <Stepper
        label={t`Lots`}
        fewerLabel={t`One lot fewer`}
        moreLabel={t`One lot more`}
        canDecrease={lots > 1}
        canIncrease={lots < maxLots}
        onDecrease={() => setLots(lots - 1)}
        onIncrease={() => setLots(lots + 1)}
        testId="ipo-lots"
      >
        <Trans>
          {lots} lots · {labels.shares(lots * issue.lot)} shares
        </Trans>
      </Stepper>
      <p className={styles.fieldHint}>
        <Trans>From 1 to {maxLots} lots (the retail cap).</Trans>
      </p>
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Amount to hold</Trans>
        </dt>
        <dd className={`${styles.figureValue} ${styles.figureEmphasis}`} data-testid="ipo-hold">
          {hold}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Available balance</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="ipo-available">
          {labels.money(available)}
        </dd>
      </dl>
      <p className={styles.notice.info}>
        <Trans>The amount is held, not debited, until the draw. If you do not win, it is released; if you win, the shares are paid from it and the rest released.</Trans>
      </p>
      {short ? (
        <p className={styles.fieldError} data-testid="ipo-short">
          <Trans>Your available balance is less than {hold}.</Trans>
        </p>
      ) : null}
      {used ? (
        <p className={styles.fieldError}>
          <Trans>You have made as many applications to this issue as it allows.</Trans>
        </p>
      ) : null}
      <Button block disabled={busy || short || used} onClick={() => setConfirming(true)} data-action="ipo-apply">
        <Trans>Apply</Trans>
      </Button>
      {confirming ? (
        <ConfirmSheet
          title={t`Confirm your application`}
          rows={[
            { label: t`IPO`, value: `${issue.issuer} (${issue.code})` },
            { label: t`Lots`, value: t`${lots} lots · ${labels.shares(lots * issue.lot)} shares` },
            { label: t`Amount to hold`, value: hold, testId: 'confirm-hold', emphasis: true },
          ]}
          note={<Trans>The amount is held, not debited, until the draw.</Trans>}
          confirmLabel={t`Apply`}
          submitting={busy}
          onConfirm={apply}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
