import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../trading/idempotencyKey.ts';

/**
 * Names a money-moving request once, when the user confirms it, and keeps that name for
 * as long as its outcome is unknown. A retry in the open confirmation sends the same
 * request; reopening the confirmation with exactly the same details after a lost answer
 * (timeout, network) also gets the same key, so the server makes one deposit or one
 * withdrawal however often the user tries. Once the server has answered, success or
 * refusal, `settle()` forgets the key: a new attempt is a new request.
 */
export function useIdempotencyKey(): { keyFor: (details: unknown) => string; settle: () => void } {
  const unsettled = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((details: unknown) => {
    const fingerprint = JSON.stringify(details);
    if (unsettled.current?.fingerprint === fingerprint) return unsettled.current.key;
    const key = newIdempotencyKey();
    unsettled.current = { fingerprint, key };
    return key;
  }, []);
  const settle = useCallback(() => {
    unsettled.current = null;
  }, []);
  return { keyFor, settle };
}
