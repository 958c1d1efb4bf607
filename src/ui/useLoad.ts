import { useCallback, useEffect, useRef, useState } from 'react';

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/**
 * Runs a read on mount and on `reload()`, exposing loading / ready / failed so a page
 * can show a skeleton, the data, or an error with Retry. While reloading, the data
 * already on screen stays (no flash back to the skeleton).
 */
export function useLoad<T>(load: () => Promise<T>): { state: Loadable<T>; reloading: boolean; reload: () => void } {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [reloading, setReloading] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const reload = useCallback(() => {
    const current = ++generation.current;
    setReloading(true);
    loadRef.current().then(
      (data) => {
        if (current !== generation.current) return;
        setState({ status: 'ready', data });
        setReloading(false);
      },
      () => {
        if (current !== generation.current) return;
        setState((previous) => (previous.status === 'ready' ? previous : { status: 'failed' }));
        setReloading(false);
      },
    );
  }, []);

  useEffect(() => {
    reload();
    return () => {
      // A late answer for an unmounted page is ignored.
      generation.current += 1;
    };
  }, [reload]);

  return { state, reloading, reload };
}
