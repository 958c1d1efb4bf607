// Proves one key per intent: re-asking with the same details (in any field order) reuses the
// unsettled key, a changed detail makes a new one, a settled key is never sent again, and the
// hook keeps its key across re-renders of the screen.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '../../contract/trading.ts';
import { createIntentKey, fingerprintOf, newIdempotencyKey, useIdempotencyKey } from './useIdempotencyKey.ts';

const order = { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1 };

describe('one idempotency key per intent', () => {
  it('a-new-key-satisfies-the-contract-and-is-never-repeated', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(idempotencyKey.safeParse(key).success).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });

  it('reopening-with-the-same-details-after-a-lost-answer-reuses-the-key', () => {
    const intent = createIntentKey();
    const first = intent.keyFor(order);
    // The same details written in another order are the same intent.
    expect(intent.keyFor({ leverage: 1, quantity: 100, type: 'market', side: 'long', code: 'TCS' })).toBe(first);
    expect(intent.keyFor({ ...order })).toBe(first);
  });

  it('a-changed-detail-is-a-new-intent-and-going-back-is-another-new-one', () => {
    const intent = createIntentKey();
    const first = intent.keyFor(order);
    const changed = intent.keyFor({ ...order, quantity: 200 });
    expect(changed).not.toBe(first);
    // Only the latest unsettled intent is remembered: returning to the first details is a new request.
    expect(intent.keyFor(order)).not.toBe(first);
  });

  it('after-an-answer-the-same-details-get-a-new-key', () => {
    const intent = createIntentKey();
    const first = intent.keyFor(order);
    intent.settle();
    const second = intent.keyFor(order);
    expect(second).not.toBe(first);
    expect(intent.keyFor(order)).toBe(second);
  });

  it('amounts-in-paise-as-bigint-are-details-like-any-other', () => {
    expect(fingerprintOf({ amount: 123_456n })).not.toBe(fingerprintOf({ amount: 123_457n }));
    expect(fingerprintOf({ amount: 5n })).not.toBe(fingerprintOf({ amount: 5 }));
    const intent = createIntentKey();
    expect(intent.keyFor({ amount: 99n, card_id: '7' })).toBe(intent.keyFor({ card_id: '7', amount: 99n }));
  });

  it('the-hook-keeps-the-unsettled-key-across-renders', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor(order);
    rerender();
    expect(result.current.keyFor(order)).toBe(first);
    result.current.settle();
    rerender();
    expect(result.current.keyFor(order)).not.toBe(first);
  });
});
