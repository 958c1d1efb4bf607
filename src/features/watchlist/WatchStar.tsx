import { useLingui } from '@lingui/react/macro';
import { showToast } from '../../app/toastStore.ts';
import * as styles from '../market/shared/shared.css.ts';
import { setWatched, useWatched } from './watchlistStore.ts';

/**
 * The watchlist star: a toggle button (aria-pressed) whose label says what a press will
 * do, e.g. "Add RELIANCE to watchlist".
 */
export function WatchStar({ code, known, size = 22 }: { code: string; known?: boolean; size?: number }) {
  const { t } = useLingui();
  const { watched, busy } = useWatched(code, known);
  const toggle = async () => {
    try {
      const now = await setWatched(code, !watched);
      showToast(now ? t`${code} added to your watchlist` : t`${code} removed from your watchlist`, { tone: 'success' });
    } catch {
      // The command bus has already said why in a toast.
    }
  };
  return (
    <button
      type="button"
      className={styles.star}
      aria-pressed={watched}
      aria-label={watched ? t`Remove ${code} from watchlist` : t`Add ${code} to watchlist`}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <StarIcon filled={watched} size={size} />
    </button>
  );
}

export function StarIcon({ filled, size = 22 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinejoin="round" aria-hidden="true">
      <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9L12 3z" />
    </svg>
  );
}
