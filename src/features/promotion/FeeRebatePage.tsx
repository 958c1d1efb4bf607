import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import type { FeeRebateStatus, FeeRebateTerms } from '../../../contract/promotion.ts';
import { call } from '../../api/commandBus.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatIsoDay, formatIstDateTime } from '../../ui/format.ts';
import { EmptyState, LoadStates, PullIndicator } from '../../ui/LoadStates.tsx';
import { formatMoney } from '../../ui/money.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import * as card from '../funding/funding.css.ts';
import { FactList } from '../primaryMarket/FactList.tsx';

/** /information/promotion: the published terms of the fee rebate for new accounts, and where the caller stands. */
export function FeeRebatePage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('promotion/feeRebate', {}, { silent: true }), []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={card.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`The promotion could not be loaded.`}
        skeleton={
          <div className={card.card} aria-busy="true">
            <Skeleton width="60%" height={20} />
            <Skeleton width="100%" height={120} radius={12} />
          </div>
        }
      >
        {(status) => (
          <>
            <StatusCard status={status} />
            <Payments status={status} />
            <TermsCard terms={status.terms} />
          </>
        )}
      </LoadStates>
    </div>
  );
}

function StatusCard({ status }: { status: FeeRebateStatus }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const money = (rupees: string) => formatMoney(rupees, 'INR');
  const from = formatIstDateTime(status.window_start, locale);
  const to = formatIstDateTime(status.window_end, locale);
  const daysLeft = status.days_left;
  const badge = {
    open: <span className={card.badge.good}>{daysLeft === 1 ? <Trans>Open: 1 day left</Trans> : <Trans>Open: {daysLeft} days left</Trans>}</span>,
    ended: (
      <span className={card.badge.neutral}>
        <Trans>Your window has ended</Trans>
      </span>
    ),
    closed: (
      <span className={card.badge.waiting}>
        <Trans>Promotion closed</Trans>
      </span>
    ),
  }[status.state];
  return (
    <section className={card.card} data-testid="fee-rebate-status" data-state={status.state}>
      <div className={card.cardHead}>
        <h2 className={card.cardTitle}>
          <Trans>Your fee rebate</Trans>
        </h2>
        {badge}
      </div>
      <p className={card.muted}>
        <Trans>
          Your window: {from} to {to} (IST).
        </Trans>
      </p>
      <FactList
        facts={[
          [t`Brokerage counted`, money(status.fees_counted), 'fee-rebate-fees'],
          [t`Rebate due by the rule`, money(status.due), 'fee-rebate-due'],
          [t`Rebated so far`, money(status.rebated), 'fee-rebate-rebated', true],
          [t`Still to be paid`, money(status.pending), 'fee-rebate-pending'],
          [t`Left up to the cap`, money(status.remaining_cap), 'fee-rebate-remaining'],
        ]}
      />
      {status.next_settlement_at && status.pending !== '0.00' ? (
        <p className={card.notice.info} data-testid="fee-rebate-next">
          <Trans>{money(status.pending)} will be paid to your available balance after {formatIstDateTime(status.next_settlement_at, locale)}.</Trans>
        </p>
      ) : null}
    </section>
  );
}

function Payments({ status }: { status: FeeRebateStatus }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  return (
    <section className={card.card} aria-label={t`Rebates paid`}>
      <div className={card.cardHead}>
        <h2 className={card.cardTitle}>
          <Trans>Rebates paid</Trans>
        </h2>
        <Link to="/information/fundRecord">
          <Trans>Fund records</Trans>
        </Link>
      </div>
      {status.payments.length === 0 ? (
        <EmptyState icon="wallet" title={t`No rebate paid yet`} text={t`A rebate is paid after each day in which you paid brokerage within your window.`} />
      ) : (
        <ul className={card.rules}>
          {status.payments.map((payment) => {
            const fees = formatMoney(payment.fees_counted, 'INR');
            const percent = payment.percent;
            return (
              <li key={payment.id} className={card.rule} data-testid="fee-rebate-payment">
                <span className={card.ruleText}>
                  <strong>{formatMoney(payment.amount, 'INR')}</strong>
                  <br />
                  <span className={card.muted}>
                    <Trans>
                      {percent}% of {fees} brokerage to {formatIsoDay(payment.through_day, locale)}, paid {formatIstDateTime(payment.paid_at, locale)}
                    </Trans>
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The published terms, in plain words, with the figures in force. */
export function TermsCard({ terms }: { terms: FeeRebateTerms }) {
  const percent = terms.percent;
  const days = terms.window_days;
  const cap = formatMoney(terms.cap, 'INR');
  return (
    <section className={card.card} data-testid="fee-rebate-terms">
      <h2 className={card.cardTitle}>
        <Trans>Terms of the promotion</Trans>
      </h2>
      {terms.enabled ? null : (
        <p className={card.notice.warning} data-testid="fee-rebate-closed">
          <Trans>The promotion is closed for now: no rebates are being paid. Rebates already paid stay yours.</Trans>
        </p>
      )}
      <ol className={card.muted} style={{ margin: 0, paddingLeft: '1.2em', display: 'flex', flexDirection: 'column', gap: 8 }}>
        <li>
          <Trans>
            A new account gets back {percent}% of the brokerage (the service fee) it pays on trades in its first {days} days after registration, up to {cap}{' '}
            in total.
          </Trans>
        </li>
        <li>
          <Trans>Only brokerage counts. Stamp duty, transaction tax and other government charges are not rebated. Rupee trades count; trades in other currencies do not.</Trans>
        </li>
        <li>
          <Trans>
            You do not need to apply. After each day ends (midnight IST), the rebate is paid automatically to your available balance from the firm's
            promotions account. No one decides it or changes it by hand.
          </Trans>
        </li>
        <li>
          <Trans>
            Each payment counts all the brokerage of your window so far, at the terms in force when it is paid, less what was already paid. A rebate
            paid is never taken back.
          </Trans>
        </li>
        <li>
          <Trans>
            If the terms change while your window is open, later payments use the new terms; if the promotion is closed, no more payments are made.
            Changes are published here.
          </Trans>
        </li>
        <li>
          <Trans>Each payment shows in your fund records as "Promotion – fee rebate for new accounts", and you get a message.</Trans>
        </li>
        <li>
          <Trans>This is our loss-compensation offer as a published rule: it gives back part of what trading cost you in fees. It never pays for trading losses.</Trans>
        </li>
      </ol>
    </section>
  );
}
