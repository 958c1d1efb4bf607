import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { localeState } from '../../../i18n/activateLocale.ts';
import * as styles from '../market.css.ts';
import { formatCount } from '../../../ui/format.ts';

/** Advancers, unchanged and decliners as one bar with a legend; shared by Indicators and VIP. */
export function BreadthBar({ advancers, unchanged, decliners }: { advancers: number; unchanged: number; decliners: number }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const total = Math.max(advancers + unchanged + decliners, 1);
  const up = formatCount(advancers, locale);
  const flat = formatCount(unchanged, locale);
  const down = formatCount(decliners, locale);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div className={styles.breadthBar} role="img" aria-label={t`${up} advancing, ${flat} unchanged, ${down} declining`}>
        <span className={styles.breadthUp} style={{ width: `${(advancers * 100) / total}%` }} />
        <span className={styles.breadthFlat} style={{ width: `${(unchanged * 100) / total}%` }} />
        <span className={styles.breadthDown} style={{ width: `${(decliners * 100) / total}%` }} />
      </div>
      <div className={styles.breadthLegend}>
        <span className={styles.breadthLegendUp}>{t`▲ ${up} up`}</span>
        <span>{t`${flat} unchanged`}</span>
        <span className={styles.breadthLegendDown}>{t`▼ ${down} down`}</span>
      </div>
    </div>
  );
}
