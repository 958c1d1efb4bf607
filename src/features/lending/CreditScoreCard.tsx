import { Trans, useLingui } from '@lingui/react/macro';
import type { CreditOverview } from '../../../contract/lending.ts';
import * as styles from '../funding/funding.css.ts';
import { levelTone, useLendingLabels } from './lendingLabels.ts';

/** The score, its level and every factor with its points and the fact behind it. */
export function CreditScoreCard({ overview }: { overview: CreditOverview }) {
  const { t } = useLingui();
  const labels = useLendingLabels();
  const score = overview.score;
  const maxScore = overview.max_score;
  return (
    <section className={styles.card} aria-label={t`Credit score`}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>Credit score</Trans>
        </h2>
        <span className={styles.badge[levelTone[overview.level]]} data-testid="credit-level">
          {labels.level[overview.level]}
        </span>
      </div>
      <div>
        <span className={styles.bigAmount} data-testid="credit-score">
          {score}
        </span>
        <span className={styles.muted}> / {maxScore}</span>
      </div>
      <p className={styles.muted}>
        <Trans>Your score comes only from the facts below. It sets how much you may borrow, nothing else: it never holds back a withdrawal.</Trans>
      </p>
      <ul className={styles.rules} aria-label={t`What your score is made of`}>
        {overview.factors.map((factor) => (
          <li key={factor.name} className={styles.rule} data-testid="credit-factor" data-factor={factor.name}>
            <span className={styles.ruleText}>
              <strong>{labels.factorName[factor.name]}</strong>
              <br />
              <span className={styles.muted}>{labels.fact(factor)}</span>
            </span>
            <span className={styles.figureValue}>
              {factor.points} / {factor.max_points}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
