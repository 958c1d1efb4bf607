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
      <ConnectionChip connection={meta.connection} closedReason={meta.closedReason} />
    </div>
  );
}

type Meta = ReturnType<typeof useMarketMeta>;

function ConnectionChip({ connection, closedReason }: { connection: Meta['connection']; closedReason: Meta['closedReason'] }) {
  const { t } = useLingui();
  // Why the server closed the connection, when it said so (contract/market.ts StreamCloseReason).
  const closedLabels: Record<NonNullable<Meta['closedReason']>, string> = {
    session_ended: t`Your session ended — sign in again for live prices`,
    sign_in_required: t`Sign in for live prices`,
    buffer_overflow: t`Disconnected: this device fell too far behind — reload for live prices`,
    too_many_connections: t`Too many live connections from this network — prices may be stale`,
  };
  // Announced politely so a screen reader user learns that prices stopped updating.
  const label =
    connection === 'live'
      ? t`Live`
      : closedReason
        ? closedLabels[closedReason]
        : connection === 'connecting'
          ? t`Connecting…`
          : connection === 'reconnecting'
            ? t`Reconnecting…`
            : t`Offline — prices may be stale`;
  const tone = connection === 'live' ? styles.chip.live : connection === 'connecting' ? styles.chip.neutral : styles.chip.problem;
  return (
    <span className={tone} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
