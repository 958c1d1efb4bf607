import { Trans, useLingui } from '@lingui/react/macro';
import type { VipLevels } from '../../../../contract/vip.ts';
import * as styles from '../../funding/funding.css.ts';
import * as vipStyles from './vip.css.ts';
import { useVipLabels } from './vipText.ts';

/** The caller's level, why, the published thresholds, what the next level still needs, and what VIP unlocks. */
export function VipLevelCard({ levels }: { levels: VipLevels }) {
  const { t } = useLingui();
  const labels = useVipLabels();
  return (
    <section className={styles.card} aria-label={t`Your VIP level`} data-testid="vip-level" data-level={levels.level}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>Your VIP level</Trans>
        </h2>
        <span className={styles.badge[levels.level > 0 ? 'good' : 'neutral']}>{labels.levelName(levels.level)}</span>
      </div>
      <p className={styles.muted}>
        {labels.reason[levels.reason]}
        {levels.grant ? <> · {levels.grant.reason}</> : null}
      </p>
      <dl className={styles.figures}>
        <dt className={styles.figureLabel}>
          <Trans>Total assets</Trans>
        </dt>
        <dd className={styles.figureValue} data-testid="vip-total-assets">
          {labels.money(levels.total_assets)}
        </dd>
        <dt className={styles.figureLabel}>
          <Trans>Turnover, last 90 days</Trans>
        </dt>
        <dd className={styles.figureValue}>{labels.money(levels.turnover_90d)}</dd>
      </dl>
      {levels.next ? (
        <p className={styles.notice.info} data-testid="vip-next">
          <Trans>
            To reach {labels.levelName(levels.next.level)}: {labels.money(levels.next.total_assets_missing)} more in total assets, or{' '}
            {labels.money(levels.next.turnover_missing)} more in 90-day turnover.
          </Trans>
        </p>
      ) : (
        <p className={styles.notice.info}>
          <Trans>You are at the highest VIP level.</Trans>
        </p>
      )}
      <table className={vipStyles.thresholds}>
        <caption className={vipStyles.caption}>
          <Trans>Published thresholds: meeting either one reaches the level.</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Level</Trans>
            </th>
            <th scope="col">
              <Trans>Total assets</Trans>
            </th>
            <th scope="col">
              <Trans>90-day turnover</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {levels.thresholds.map((row) => (
            <tr key={row.level} aria-current={row.level === levels.level ? 'true' : undefined}>
              <th scope="row">{labels.levelName(row.level)}</th>
              <td>{labels.money(row.total_assets)}</td>
              <td>{labels.money(row.turnover_90d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className={styles.cardTitle}>
        <Trans>What VIP unlocks</Trans>
      </h3>
      <ul className={vipStyles.featureList}>
        <li>{labels.benefit.analytics}</li>
        <li>{labels.benefit.allocations}</li>
        <li>
          {labels.benefit.fee_schedule}{' '}
          <Trans>
            Service fee {labels.bps(levels.fees.service_fee_bps)}, stamp duty {labels.bps(levels.fees.stamp_duty_bps)}, selling fee {labels.bps(levels.fees.selling_fee_bps)}.
          </Trans>
        </li>
      </ul>
      <p className={styles.fieldHint}>
        <Trans>A level is never sold. It is recomputed every day and when you open this page; staff may grant one only with a reason you can read in your account activity.</Trans>
      </p>
    </section>
  );
}
