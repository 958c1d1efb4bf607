import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button, Skeleton } from '../../../ui/widgets.tsx';
import * as styles from '../profile.css.ts';

type CheckInState = ResponseOf<'user/checkIn'>;

/** Days of the current week-long run drawn as bars; the streak itself may be longer. */
const streakBarDays = 7;

/**
 * The daily sign-in on the Mine page: today's state, the streak and a button. It is a habit
 * tracker only: checking in earns nothing with money value, and the card says so.
 */
export function CheckInCard() {
  const { t } = useLingui();
  const loaded = useLoad(useCallback(() => call('user/checkInState', {}, { silent: true }), []));
  const [answered, setAnswered] = useState<CheckInState | null>(null);
  const checkIn = useSingleFlight(async () => {
    const state = await call('user/checkIn', {});
    setAnswered(state);
    const streak = state.streak;
    showToast(t`Checked in. Current streak: ${streak}.`, { tone: 'success' });
  });

  // A card that could not load stays out of the way; the rest of the page still works.
  if (loaded.state.status === 'failed') return null;
  const state = answered ?? (loaded.state.status === 'ready' ? loaded.state.data : null);
  const streak = state?.streak ?? 0;
  const total = state?.total ?? 0;
  const barsDone = streak === 0 ? 0 : ((streak - 1) % streakBarDays) + 1;
  return (
    <section className={styles.card} aria-label={t`Daily check-in`} data-testid="check-in-card">
      <div className={styles.cardHead}>
        <div className={styles.cardHeadText}>
          <h2 className={styles.cardTitle}>
            <Trans>Daily check-in</Trans>
          </h2>
          {state ? (
            <p className={styles.muted} data-testid="check-in-streak">
              {streak > 0 ? <Trans>Current streak: {streak} · Total: {total}</Trans> : <Trans>No streak yet · Total: {total}</Trans>}
            </p>
          ) : (
            <Skeleton width={160} height={14} />
          )}
        </div>
        <Button className={styles.noWrap} variant={state?.checked_in_today ? 'soft' : 'primary'} disabled={!state || state.checked_in_today} busy={checkIn.busy} onClick={checkIn.run}>
          {state?.checked_in_today ? (
            <>
              <Icon name="check" size={18} />
              <Trans>Done today</Trans>
            </>
          ) : (
            <Trans>Check in</Trans>
          )}
        </Button>
      </div>
      <div className={styles.streakDays} aria-hidden="true">
        {Array.from({ length: streakBarDays }, (_, index) => (
          <span key={index} className={index < barsDone ? styles.streakDay.done : styles.streakDay.open} />
        ))}
      </div>
      <p className={styles.muted} style={{ fontSize: 13 }}>
        <Trans>A day counts from midnight to midnight India time. Check-ins are for your own habit; they earn no money, points or rewards.</Trans>
      </p>
    </section>
  );
}
