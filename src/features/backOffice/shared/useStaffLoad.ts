import { type DependencyList, useEffect, useRef } from 'react';
import { type Loadable, useLoad } from '../../../ui/useLoad.ts';

/** How often a review queue left open looks for new items (and at once when the window is shown again). */
export const queueRefreshMs = 15_000;

/**
 * useLoad for back-office tables: loads on mount and again whenever `deps` change (page,
 * filter). The first load is silent (its failure is the page's error state with Retry);
 * later ones are not, so a failed page change says so while the rows on screen stay.
 * With `refreshEveryMs`, a queue a reviewer leaves open refreshes itself, silently: a
 * background refresh that fails keeps the rows on screen and says nothing.
 */
export function useStaffLoad<T>(
  load: (options: { silent: boolean }) => Promise<T>,
  deps: DependencyList,
  { refreshEveryMs }: { refreshEveryMs?: number } = {},
): { state: Loadable<T>; reload: () => void } {
  const hasData = useRef(false);
  const inBackground = useRef(false);
  const { state, reload } = useLoad(() => {
    const silent = !hasData.current || inBackground.current;
    inBackground.current = false;
    return load({ silent });
  });
  hasData.current = state.status === 'ready';
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    reload();
    // The caller lists what the load depends on, as with useEffect.
  }, deps);

  useEffect(() => {
    if (!refreshEveryMs) return;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      inBackground.current = true;
      reload();
    };
    const timer = setInterval(refresh, refreshEveryMs);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [reload, refreshEveryMs]);
  return { state, reload };
}
