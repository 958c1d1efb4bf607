import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { ErrorState } from '../../../ui/LoadStates.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { Skeleton } from '../../../ui/widgets.tsx';
import { CopyButton } from '../../funding/CopyButton.tsx';
import * as styles from '../profile.css.ts';

type ChainRoots = ResponseOf<'chain/roots'>;
type DayRoots = { day: string; audit: string | null; ledger: string | null };

/** How many of the latest sealed days the about page lists. */
export const chainRootDaysShown = 7;

/** Pairs each day's audit and ledger roots (each list is newest first; a day may miss one of them). */
export function rootsByDay(roots: ChainRoots): DayRoots[] {
  const days = new Map<string, DayRoots>();
  const dayOf = (day: string) => days.get(day) ?? days.set(day, { day, audit: null, ledger: null }).get(day)!;
  for (const root of roots.audit) dayOf(root.day).audit = root.root_hash;
  for (const root of roots.ledger) dayOf(root.day).ledger = root.root_hash;
  return [...days.values()].sort((left, right) => (left.day < right.day ? 1 : left.day > right.day ? -1 : 0)).slice(0, chainRootDaysShown);
}

/** A 64-hex root shortened for reading: its first and last eight characters. */
export const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-8)}`;

function Root({ name, hash, day }: { name: string; hash: string | null; day: string }) {
  const { t } = useLingui();
  if (!hash) return null;
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <span className={styles.detailLabel}>{name}</span>
      <code data-testid="chain-root" title={hash}>
        {shortHash(hash)}
      </code>
      <CopyButton text={hash} what={t`${name} root of ${day}`} />
    </span>
  );
}

/**
 * The published roots of the last days: every ended IST day, the audit log and the ledger are
 * sealed with a hash of everything before, so a root kept elsewhere lets anyone prove later
 * that no past entry was changed (docs/backups.md, scripts/verify-chain.ts).
 */
export function ChainRootsCard() {
  const { t } = useLingui();
  const roots = useLoad(useCallback(() => call('chain/roots', { days: chainRootDaysShown }, { silent: true }), []));
  return (
    <section className={styles.card} aria-label={t`Published chain roots`}>
      <h2 className={styles.cardTitle}>
        <Trans>Published chain roots</Trans>
      </h2>
      <p className={styles.paragraph}>
        <Trans>At the end of each day (IST) our audit log and our ledger are sealed with a fingerprint of everything recorded so far. Keep a copy: if any past entry were ever changed, the fingerprint would no longer match.</Trans>
      </p>
      {roots.state.status === 'loading' ? (
        <div aria-busy="true">
          <Skeleton width="80%" height={14} />
        </div>
      ) : roots.state.status === 'failed' ? (
        <ErrorState title={t`The chain roots could not be loaded.`} onRetry={roots.reload} />
      ) : (
        <RootList days={rootsByDay(roots.state.data)} />
      )}
    </section>
  );
}

function RootList({ days }: { days: DayRoots[] }) {
  const { t } = useLingui();
  if (days.length === 0)
    return (
      <p className={styles.paragraph} data-testid="chain-roots-empty">
        <Trans>No day has been sealed yet. The first roots appear after the first day ends.</Trans>
      </p>
    );
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {days.map((day) => (
        <li key={day.day} data-testid="chain-root-day" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <strong>{day.day}</strong>
          <Root name={t`Audit log`} hash={day.audit} day={day.day} />
          <Root name={t`Ledger`} hash={day.ledger} day={day.day} />
        </li>
      ))}
    </ul>
  );
}
