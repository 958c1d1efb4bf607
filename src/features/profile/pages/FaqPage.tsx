import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback } from 'react';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { Icon } from '../../../ui/icons.tsx';
import { formatMoney } from '../../../ui/money.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { Button, Skeleton } from '../../../ui/widgets.tsx';
import * as styles from '../profile.css.ts';
import { basisPointsAsPercent, formatWindow } from './ruleFormat.ts';
import { RegistrationNotice } from './RegistrationNotice.tsx';

type TradingRules = ResponseOf<'trade/rules'>;
type DepositInfo = ResponseOf<'user/depositInfo'>;
type WithdrawInfo = ResponseOf<'user/withdrawInfo'>;

// Funding rules come from the funding domain; on a server without it the answers still
// read correctly, pointing to the screens that show the numbers.
const optional = <T,>(load: () => Promise<T>) => () => load().catch(() => null);

/** /information/faq: the questions users ask, answered with the rules the server publishes. */
export function FaqPage() {
  const { t } = useLingui();
  const rules = useLoad(useCallback(() => call('trade/rules', {}, { silent: true }), []));
  const deposit = useLoad(useCallback(optional(() => call('user/depositInfo', {}, { silent: true })), []));
  const withdraw = useLoad(useCallback(optional(() => call('user/withdrawInfo', {}, { silent: true })), []));
  const ready = <T,>(state: { status: string; data?: T }) => (state.status === 'ready' ? (state.data ?? null) : null);

  const rulesAnswer = (render: (rules: TradingRules) => ReactNode) => {
    if (rules.state.status === 'ready') return render(rules.state.data);
    if (rules.state.status === 'loading') return <Skeleton width="90%" height={16} />;
    return (
      <p className={styles.muted} role="alert">
        <Trans>The trading rules could not be loaded.</Trans>{' '}
        <Button variant="ghost" onClick={rules.reload}>
          <Trans>Retry</Trans>
        </Button>
      </p>
    );
  };

  return (
    <article className={styles.article}>
      <RegistrationNotice />
      <h2 className={styles.articleHeading}>
        <Trans>Money in and out</Trans>
      </h2>
      <Question title={t`How do I deposit?`}>
        <DepositAnswer info={ready<DepositInfo | null>(deposit.state)} />
      </Question>
      <Question title={t`How do I withdraw, and when does the money arrive?`}>
        <WithdrawAnswer info={ready<WithdrawInfo | null>(withdraw.state)} />
      </Question>
      <Question title={t`Why do I need to verify my identity (KYC)?`}>
        <p className={styles.paragraph}>
          <Trans>
            Withdrawals are paid only to a verified person's own bank account. Submit your name, your PAN or Aadhaar number and photos of both sides of the
            ID under KYC verification. Staff review it and you get a message with the result; if it is not approved, the message says why and you can submit
            again.
          </Trans>
        </p>
      </Question>

      <h2 className={styles.articleHeading}>
        <Trans>Trading</Trans>
      </h2>
      <Question title={t`What fees do I pay?`}>{rulesAnswer((published) => <FeesAnswer rules={published} />)}</Question>
      <Question title={t`How do orders work?`}>{rulesAnswer((published) => <OrdersAnswer rules={published} />)}</Question>
      <Question title={t`What is a margin call?`}>
        {rulesAnswer((published) => {
          const percent = published.maintenanceMarginPercent;
          return (
            <p className={styles.paragraph}>
              <Trans>
                A position is closed automatically when its equity (your margin plus its profit or loss) falls to {percent}% of its margin. You get a message
                with a link to the order. A loss larger than the margin is taken from your available money, but never below zero.
              </Trans>
            </p>
          );
        })}
      </Question>
      <Question title={t`When can I close a position (lock-up)?`}>{rulesAnswer((published) => <LockUpAnswer rules={published} />)}</Question>
      <p className={styles.paragraph}>
        <Link to="/home/kefuCenter" className={styles.inlineLink}>
          <Trans>Another question? Contact customer service</Trans>
        </Link>
      </p>
    </article>
  );
}

function Question({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className={styles.faqItem}>
      <summary className={styles.faqQuestion}>
        <span>{title}</span>
        <span className={styles.faqChevron}>
          <Icon name="chevronRight" size={18} />
        </span>
      </summary>
      {children}
    </details>
  );
}

function DepositAnswer({ info }: { info: DepositInfo | null }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const minimum = info ? formatMoney(info.minimum, 'INR') : '';
  const hours = info ? formatWindow(info.window, locale, t`every day`) : '';
  return (
    <>
      <p className={styles.paragraph}>
        <Trans>
          Open Deposit and pick one of the firm's own collection accounts shown there. Transfer from your bank, then upload the receipt and enter the
          transfer reference (UTR). Staff match it with the bank statement and your balance is credited when it is approved; you get a message either way.
          Never pay a person, whatever they tell you.
        </Trans>
      </p>
      {info ? (
        <p className={styles.paragraph} data-testid="faq-deposit-rules">
          <Trans>
            Minimum deposit: {minimum}. Deposits can be reported {hours}.
          </Trans>
        </p>
      ) : (
        <p className={styles.paragraph}>
          <Trans>The minimum amount and the hours are shown on the Deposit screen.</Trans>
        </p>
      )}
    </>
  );
}

function WithdrawAnswer({ info }: { info: WithdrawInfo | null }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const minimum = info ? formatMoney(info.minimum, 'INR') : '';
  const hours = info ? formatWindow(info.window, locale, t`every day`) : '';
  const arrivalFrom = info?.arrival_hours.from ?? 0;
  const arrivalTo = info?.arrival_hours.to ?? 0;
  return (
    <>
      <p className={styles.paragraph}>
        <Trans>
          You can withdraw once your identity is verified, a bank account in your own name is added and your fund password is set. You can withdraw up to
          your cash minus frozen money and any loan outstanding. Nothing else, such as a score, holds your money back.
        </Trans>
      </p>
      {info ? (
        <p className={styles.paragraph} data-testid="faq-withdraw-rules">
          <Trans>
            Minimum withdrawal: {minimum}. Requests are accepted {hours}. Once paid, the money usually arrives within {arrivalFrom}–{arrivalTo} hours.
          </Trans>
        </p>
      ) : (
        <p className={styles.paragraph}>
          <Trans>The minimum amount, the hours and when the money arrives are shown on the Withdraw screen.</Trans>
        </p>
      )}
    </>
  );
}

function FeesAnswer({ rules }: { rules: TradingRules }) {
  const service = basisPointsAsPercent(rules.serviceFeeBps);
  const stampDuty = basisPointsAsPercent(rules.stampDutyBps);
  const sellingFee = basisPointsAsPercent(rules.sellingFeeBps);
  const blockMinimum = formatMoney(rules.blockTrade.minimum, 'INR');
  const blockService = basisPointsAsPercent(rules.blockTrade.serviceFeeBps);
  const blockStampDuty = basisPointsAsPercent(rules.blockTrade.stampDutyBps);
  const blockSellingFee = basisPointsAsPercent(rules.blockTrade.sellingFeeBps);
  return (
    <>
      <ul className={styles.bulletList} data-testid="faq-fees">
        <li>
          <Trans>Service fee: {service}% of the contract amount, when a position opens and when it closes.</Trans>
        </li>
        <li>
          <Trans>Stamp duty: {stampDuty}% of the contract amount on the buying leg.</Trans>
        </li>
        <li>
          <Trans>Transaction tax: {sellingFee}% of the contract amount on the selling leg (for a short position, the opening leg is the sale).</Trans>
        </li>
      </ul>
      <p className={styles.paragraph}>
        <Trans>
          A leg of {blockMinimum} or more is a block trade and pays a service fee of {blockService}%, stamp duty of {blockStampDuty}% and transaction tax of{' '}
          {blockSellingFee}% instead.
        </Trans>
      </p>
      <p className={styles.paragraph}>
        {rules.vip ? (
          <Trans>Each fee is rounded to the paisa, half up. These are your VIP rates. The order sheet shows every fee before you confirm.</Trans>
        ) : (
          <Trans>Each fee is rounded to the paisa, half up. VIP members may pay lower rates. The order sheet shows every fee before you confirm.</Trans>
        )}
      </p>
    </>
  );
}

function OrdersAnswer({ rules }: { rules: TradingRules }) {
  const lot = rules.defaultLot;
  const leverages = rules.leverages.map((leverage) => `${leverage}×`).join(', ');
  return (
    <p className={styles.paragraph}>
      <Trans>
        Buy (long) if you expect the price to rise, sell (short) if you expect it to fall. A market order fills at the current price; a limit order waits
        until the price reaches your limit and can be cancelled until then. Quantities are whole lots (usually {lot} shares). Leverage: {leverages}; your
        margin is the contract amount divided by the leverage.
      </Trans>
    </p>
  );
}

function LockUpAnswer({ rules }: { rules: TradingRules }) {
  const minutes = rules.sellAfterMinutes;
  const days = rules.lockDays;
  if (minutes === 0 && days === 0) {
    return (
      <p className={styles.paragraph}>
        <Trans>There is no lock-up at present: a position can be closed as soon as it is filled.</Trans>
      </p>
    );
  }
  return (
    <ul className={styles.bulletList} data-testid="faq-lock-up">
      {minutes > 0 ? (
        <li>
          <Trans>A position can be closed {minutes} minutes after it is filled.</Trans>
        </li>
      ) : null}
      {days > 0 ? (
        <li>
          <Trans>
            T+{days}: a position filled on trading day T can be closed from midnight (India time) at the start of trading day T+{days}; weekends and
            exchange holidays are not counted.
          </Trans>
        </li>
      ) : null}
      <li>
        <Trans>The position's page shows the exact time it unlocks.</Trans>
      </li>
    </ul>
  );
}
