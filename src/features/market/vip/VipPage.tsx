import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { call } from '../../../api/commandBus.ts';
import { type VipTab, vipSearch, vipTabs } from '../../../app/routeSearch.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { Button, Skeleton } from '../../../ui/widgets.tsx';
import * as fundingStyles from '../../funding/funding.css.ts';
import * as styles from '../market.css.ts';
import { ErrorState } from '../../../ui/LoadStates.tsx';
import { VipAllocations } from './VipAllocations.tsx';
import { VipLive } from './VipLive.tsx';
import * as vipStyles from './vip.css.ts';

/** /market/vip: the live analytics (VIP users; everyone else sees what VIP adds, with no live data), and the level and allocations tab. */
export function VipPage() {
  const { t } = useLingui();
  const { tab } = vipSearch.useSearch();
  const setSearch = vipSearch.useSetSearch();
  const tabNames: Record<VipTab, string> = { analytics: t`Analytics`, allocations: t`Level and allocations` };
  return (
    <div className={fundingStyles.listPage}>
      <div className={fundingStyles.tabs}>
        <div className={fundingStyles.segmented} role="group" aria-label={t`VIP sections`}>
          {vipTabs.map((option) => (
            <button key={option} type="button" className={fundingStyles.segment} aria-pressed={tab === option} data-tab={option} onClick={() => setSearch({ tab: option })}>
              {tabNames[option]}
            </button>
          ))}
        </div>
      </div>
      {tab === 'analytics' ? <VipAnalytics onShowLevels={() => setSearch({ tab: 'allocations' })} /> : <VipAllocations />}
    </div>
  );
}

function VipAnalytics({ onShowLevels }: { onShowLevels: () => void }) {
  const { t } = useLingui();
  // user/info recomputes the level first, so `vip` is the level of this moment.
  const { state, reload } = useLoad(useCallback(() => call('user/info', {}, { silent: true }), []));
  if (state.status === 'loading') {
    return (
      <div className={styles.section}>
        <Skeleton width="60%" height={22} />
        <Skeleton width="100%" height={240} radius={12} />
      </div>
    );
  }
  if (state.status === 'failed') return <ErrorState title={t`Your account could not be loaded.`} onRetry={reload} />;
  return state.data.vip ? <VipLive /> : <VipPreview onShowLevels={onShowLevels} />;
}

/** Heatmap tile positions for the preview: shapes only, no figures, so nothing reads as market data. */
const previewTiles = [
  { x: 0, y: 0, width: 42, height: 60 },
  { x: 42, y: 0, width: 33, height: 34 },
  { x: 75, y: 0, width: 25, height: 34 },
  { x: 42, y: 34, width: 22, height: 26 },
  { x: 64, y: 34, width: 20, height: 26 },
  { x: 84, y: 34, width: 16, height: 26 },
  { x: 0, y: 60, width: 30, height: 40 },
  { x: 30, y: 60, width: 26, height: 40 },
  { x: 56, y: 60, width: 24, height: 40 },
  { x: 80, y: 60, width: 20, height: 40 },
];

function VipPreview({ onShowLevels }: { onShowLevels: () => void }) {
  const { t } = useLingui();
  return (
    <div className={styles.page} style={{ paddingBottom: 24 }}>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>
          <Trans>Real-time analytics with VIP</Trans>
        </h2>
        <p className={styles.sectionText}>
          <Trans>VIP members see the whole market move as it happens, computed live from every quote:</Trans>
        </p>
        <ul className={vipStyles.featureList}>
          <li>
            <Trans>A live sector heatmap: each sector sized by turnover and coloured by its average change.</Trans>
          </li>
          <li>
            <Trans>Top movers minute by minute: the stocks that moved most in the last minute.</Trans>
          </li>
          <li>
            <Trans>Volume spikes: stocks trading far above their usual volume right now.</Trans>
          </li>
          <li>
            <Trans>Live market breadth: advancing, unchanged and declining stocks.</Trans>
          </li>
        </ul>
        <Button onClick={onShowLevels} data-action="vip-levels">
          <Trans>See how to reach VIP</Trans>
        </Button>
      </section>
      <section className={styles.section} aria-label={t`Preview of the sector heatmap`}>
        <div className={vipStyles.heatmap} aria-hidden="true">
          {previewTiles.map((tile) => (
            <span key={`${tile.x}-${tile.y}`} className={vipStyles.previewTile} style={{ left: `${tile.x}%`, top: `${tile.y}%`, width: `${tile.width}%`, height: `${tile.height}%` }} />
          ))}
          <span className={vipStyles.previewLabel}>{t`Preview — not market data`}</span>
        </div>
      </section>
    </div>
  );
}
