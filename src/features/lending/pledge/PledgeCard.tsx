import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PledgeRules, PledgeView } from '../../../../contract/pledge.ts';
import { parseRupees } from '../../../../contract/money.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import * as uiStyles from '../../../ui/ui.css.ts';
import * as styles from '../../funding/funding.css.ts';
import { percentText, pledgeTone, usePledgeLabels } from './pledgeLabels.ts';

/** One pledge: its state, the loan and what still backs it at the last prices; release once repaid. */
export function PledgeCard({ pledge, rules, onChanged }: { pledge: PledgeView; rules: PledgeRules; onChanged: () => void }) {
  const { t } = useLingui();
  const labels = usePledgeLabels();
  const repaid = parseRupees(pledge.outstanding) === 0n;
  const { busy, run: release } = useSingleFlight(async () => {
    await call('pledge/release', { pledge_id: pledge.id });
    showToast(t`Your stock is released.`, { tone: 'success' });
    onChanged();
  });
  const ltv = pledge.ltv_bps;
  const pledgeId = pledge.id;
  const amount = labels.money(pledge.amount);
  const ltvTone = ltv === null || ltv < rules.warning_ltv_bps ? styles.figureValue : styles.fieldError;
  return (
    <article className={styles.card} aria-label={t`Pledge ${pledgeId}`} data-testid="pledge">
      <div className={styles.cardHead}>
        <span className={styles.cardTitle}>
          <Trans>Margin loan {amount}</Trans>
        </span>
        <span className={styles.badge[pledgeTone[pledge.status]]} data-testid="pledge-status">
          {labels.status[pledge.status]}
        </span>
      </div>
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Market value</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="pledge-value">
          {labels.money(pledge.value)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Limit now</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="pledge-limit">
          {labels.money(pledge.limit)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Owed</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="pledge-outstanding">
          {labels.money(pledge.outstanding)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Loan-to-value</Trans>
        </dt>
        <dd className={ltvTone} data-testid="pledge-ltv">
          {ltv === null ? '—' : percentText(ltv)}
        </dd>
      </dl>
      <ul className={styles.rules}>
        {pledge.positions.map((position) => (
          <li key={position.order_no} className={styles.rule} data-testid="pledged-position">
            <span className={styles.ruleText}>
              {position.code} × {position.quantity}
              <span className={styles.muted}> · {position.price === null ? '—' : labels.money(position.price)}</span>
            </span>
            <span className={styles.muted}>{labels.positionState[position.state]}</span>
          </li>
        ))}
      </ul>
      {pledge.status === 'in_progress' ? (
        <p className={styles.notice.info}>
          {pledge.reviews_needed === 2 ? <Trans>Two reviewers check a loan of this size. Your stock stays pledged meanwhile.</Trans> : <Trans>A reviewer checks a loan of this size. Your stock stays pledged meanwhile.</Trans>}
        </p>
      ) : null}
      {pledge.status === 'failed' && pledge.review_reason ? <p className={styles.rowReason}>{pledge.review_reason}</p> : null}
      {pledge.status === 'successful' ? (
        <div className={styles.twoButtons}>
          <Link to="/information/jkjl" className={uiStyles.button.primary}>
            <Trans>Repay</Trans>
          </Link>
          <Button variant="soft" disabled={!repaid || busy} onClick={release} data-action="release">
            {repaid ? <Trans>Release stock</Trans> : <Trans>Repay to release</Trans>}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
