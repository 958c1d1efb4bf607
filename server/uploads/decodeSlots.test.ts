// Proves image decoding runs under a bound: never more than the slots at once, waiting work
// starts in order as slots free, and work beyond the queue is refused with upload_busy.
import { describe, expect, it } from 'vitest';
import { Refusal } from '../http/refusal.ts';
import { createDecodeSlots } from './decodeSlots.ts';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('decode slots', () => {
  it('run-at-most-the-slots-at-once-queue-the-rest-and-refuse-beyond-the-queue', async () => {
    const slots = createDecodeSlots(2, 2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, index) => slots.run(async () => {
      started.push(index);
      await g.opened;
      return index;
    }));
    await Promise.resolve();
    expect(slots.counts()).toEqual({ running: 2, waiting: 2 });
    expect(started).toEqual([0, 1]);
    await expect(slots.run(async () => 'late')).rejects.toSatisfy((error) => error instanceof Refusal && error.key === 'upload_busy');
    gates[0]!.open();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(slots.counts()).toEqual({ running: 2, waiting: 1 });
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(slots.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it('a-failing-decode-frees-its-slot', async () => {
    const slots = createDecodeSlots(1, 0);
    await expect(slots.run(async () => { throw new Error('corrupt'); })).rejects.toThrow('corrupt');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
