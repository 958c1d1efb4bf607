import { useEffect, useRef, useState } from 'react';

/** How far (px) the user must pull down at the top of the page to refresh. */
export const pullDistanceToRefreshPx = 64;

/**
 * Pull-to-refresh for touch screens: pulling down while the page is scrolled to the top
 * calls `onRefresh`. Returns the current pull distance so the page can show progress.
 */
export function usePullToRefresh(onRefresh: () => void): number {
  const [pullPx, setPullPx] = useState(0);
  const startY = useRef<number | null>(null);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    let distance = 0;
    const onStart = (event: TouchEvent) => {
      startY.current = window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY.current === null) return;
      distance = Math.max(0, (event.touches[0]?.clientY ?? 0) - startY.current);
      setPullPx(Math.min(distance, pullDistanceToRefreshPx * 1.5));
    };
    const onEnd = () => {
      if (startY.current !== null && distance >= pullDistanceToRefreshPx) refresh.current();
      startY.current = null;
      distance = 0;
      setPullPx(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
    };
  }, []);

  return pullPx;
}
