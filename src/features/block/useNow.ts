import { useEffect, useState } from 'react';

/** The clock, moved every `intervalMs`: countdowns stay current without re-rendering on every frame. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
