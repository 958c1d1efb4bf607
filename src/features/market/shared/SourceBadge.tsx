import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { FeedSource, SessionPhase } from '../../../../contract/market.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { useMarketMeta } from '../stream/marketStore.ts';
import { useMarketStatus } from './marketStatus.ts';
import { formatIsoDay } from '../../../ui/format.ts';
import * as styles from './shared.css.ts';

// Every screen with prices says where they come from (spec README: "no one may mistake a
// simulation for the market"): the feed, the session phase, and whether the live
// connection is up. The stream's own report wins; until it arrives, the REST answer
// the page already has (or market/status) speaks for it.

export type FeedInfo = { source: FeedSource; phase: SessionPhase };

export function SourceBadge({ fallback }: { fallback?: FeedInfo | null }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const meta = useMarketMeta();
  const status = useMarketStatus();
  const source = meta.source ?? fallback?.source ?? status?.source ?? null;
  const phase = meta.phase ?? fallback?.phase ?? status?.phase ?? null;

  const phaseLabels: Record<SessionPhase, string> = {
    pre_open: t`Pre-open`,
    open: t`Market open`,
    closing: t`Closing session`,
    closed: t`Market closed`,
  };

  let sourceLabel: string | null = null;
  if (source?.kind === 'simulated') {
    sourceLabel = source.calendar === 'always_open' ? t`Simulated · 24×7 demo session` : t`Simulated`;
  } else if (source?.kind === 'replay') {
    const day = source.date ? formatIsoDay(source.date, locale) : t`a recorded day`;
    const lastDay = source.lastDate ? formatIsoDay(source.lastDate, locale) : null;
    sourceLabel = lastDay ? t`Replay of ${day} to ${lastDay}` : t`Replay of ${day}`;
  }

  return (
    <div className={styles.badgeRow} data-testid="source-badge">
      {sourceLabel ? (
        <span className={styles.chip.source} title={t`Prices on this screen are not live exchange prices.`}>
          {sourceLabel}
        </span>
      ) : (
        <span className={styles.chip.neutral}>{t`Price source loading…`}</span>
      )}
      {phase ? <span className={phase === 'open' ? styles.chip.live : styles.chip.neutral}>{phaseLabels[phase]}</span> : null}
      <ConnectionChip connection={meta.connection} />
    </div>
  );
}

function ConnectionChip({ connection }: { connection: ReturnType<typeof useMarketMeta>['connection'] }) {
  const { t } = useLingui();
  // Announced politely so a screen reader user learns that prices stopped updating.
  const label =
    connection === 'live' ? t`Live` : connection === 'connecting' ? t`Connecting…` : connection === 'reconnecting' ? t`Reconnecting…` : t`Offline — prices may be stale`;
  const tone = connection === 'live' ? styles.chip.live : connection === 'connecting' ? styles.chip.neutral : styles.chip.problem;
  return (
    <span className={tone} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
