import { useEffect, useRef } from 'react';

/**
 * Calls `reload` when `value` changes after the first render: useLoad and usePagedList load
 * once on mount, and a range, a month or a sort the user picks must ask the server again.
 */
export function useReloadOn(value: string, reload: () => void): void {
  const first = useRef(value);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (first.current === value) return;
    first.current = value;
    reloadRef.current();
  }, [value]);
}
