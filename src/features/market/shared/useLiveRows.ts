import { useMemo } from 'react';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { useWatch } from '../stream/marketStore.ts';

/**
 * A REST list of instruments that stays live: loaded on mount, reloaded by pull-to-refresh,
 * and every row's code watched on the quote stream while the list is on screen.
 */
export function useLiveRows<T extends { code: string }>(load: () => Promise<T[]>) {
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  const codes = useMemo(() => (state.status === 'ready' ? state.data.map((row) => row.code) : []), [state]);
  useWatch(codes);
  return { state, reload, pullPx };
}
