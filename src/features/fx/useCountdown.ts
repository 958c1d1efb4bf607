import { useEffect, useState } from 'react';

/** Whole seconds left until `expiresAt` (ISO), counting down once a second; 0 once it has passed. */
export function useCountdown(expiresAt: string | null, now: () => number = Date.now): number {
  // Reads only expiresAt and now, the effect's dependencies.
  const left = () => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!expiresAt) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt, now]);
  return seconds;
}
