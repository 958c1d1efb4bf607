import { type DependencyList, useEffect, useRef } from 'react';
import { type Loadable, useLoad } from '../../../ui/useLoad.ts';

/**
 * useLoad for back-office tables: loads on mount and again whenever `deps` change (page,
 * filter). The first load is silent (its failure is the page's error state with Retry);
 * later ones are not, so a failed page change says so while the rows on screen stay.
 */
export function useStaffLoad<T>(load: (options: { silent: boolean }) => Promise<T>, deps: DependencyList): { state: Loadable<T>; reload: () => void } {
  const hasData = useRef(false);
  const { state, reload } = useLoad(() => load({ silent: !hasData.current }));
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
  return { state, reload };
}
