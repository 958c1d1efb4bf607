import { useRef, useState } from 'react';

/**
 * Runs `action` at most once at a time: taps while it runs do nothing. The guard is a ref,
 * not state, so two taps in the same frame cannot both get through; `busy` is for the
 * button. A failure has already been shown by the command bus, so it is swallowed here
 * and the user can simply try again.
 */
export function useSingleFlight(action: () => Promise<unknown>): { busy: boolean; run: () => void } {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  const settle = async () => {
    try {
      await latest.current();
    } catch {
      // Already shown to the user.
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  const run = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    void settle();
  };
  return { busy, run };
}
