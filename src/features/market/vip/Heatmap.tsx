import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { localeState } from '../../../i18n/activateLocale.ts';
import { industryName } from '../../../i18n/serverNames.ts';
import { vars } from '../../../ui/theme.css.ts';
import { directionOfSign, formatBasisPoints } from '../../../ui/format.ts';
import type { IndustryAggregate } from '../stream/marketStore.ts';
import { squarify } from './treemap.ts';
import * as styles from './vip.css.ts';

/** Beyond this move (3 %) a tile is fully coloured; smaller moves fade towards white. */
const fullColourBasisPoints = 300;

function tileColours(changeRateBps: number): { background: string; color: string } {
  if (changeRateBps === 0) return { background: vars.color.background, color: vars.color.textMuted };
  const strength = Math.min(Math.abs(changeRateBps) / fullColourBasisPoints, 1);
  const share = Math.round(20 + strength * 80);
  const base = changeRateBps > 0 ? vars.color.up : vars.color.down;
  return { background: `color-mix(in srgb, ${base} ${share}%, ${vars.color.surface})`, color: share > 55 ? vars.color.onAccent : vars.color.text };
}

/** Sectors as tiles sized by turnover and coloured by their average change. */
export function Heatmap({ industries }: { industries: readonly IndustryAggregate[] }) {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  // Laid out on a 100 × 70 grid and drawn in percent, so it scales with the screen.
  const tiles = useMemo(() => squarify(industries.map((industry) => ({ item: industry, weight: industry.turnover })), 100, 70), [industries]);
  return (
    <div className={styles.heatmap} role="list" aria-label={t`Sector heatmap`}>
      {tiles.map(({ item, x, y, width, height }) => {
        const change = formatBasisPoints(item.changeRateBps, locale);
        const small = width < 14 || height < 9;
        const name = industryName(item.industry, i18n);
        return (
          <div
            key={item.industry}
            role="listitem"
            className={styles.tile}
            style={{ left: `${x}%`, top: `${(y / 70) * 100}%`, width: `${width}%`, height: `${(height / 70) * 100}%`, ...tileColours(item.changeRateBps) }}
            title={`${name} ${change}`}
            aria-label={`${name} ${change}`}
            data-direction={directionOfSign(item.changeRateBps)}
          >
            {small ? null : <span className={styles.tileName}>{name}</span>}
            <span className={styles.tileValue}>{change}</span>
          </div>
        );
      })}
    </div>
  );
}
