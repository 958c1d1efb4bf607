import { refuse } from '../http/refusal.ts';

// Image decoding (sharp, images.ts) is the one request that costs real CPU and memory: a
// 40-megapixel PNG takes ~150 ms and hundreds of megabytes to decode. At most `concurrency`
// decodes run at once and at most `queueMax` wait; an upload arriving to a full queue is refused
// (`upload_busy`) at once instead of piling up memory. Waiting uploads start in arrival order.

export interface DecodeSlots {
  /** Runs `work` when a slot is free; refuses with `upload_busy` when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Decodes running and waiting, for tests. */
  counts(): { running: number; waiting: number };
}

export function createDecodeSlots(concurrency: number, queueMax: number): DecodeSlots {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= queueMax) refuse('upload_busy');
        // The slot passes straight from the finishing decode to this one: `running` stays the same.
        await new Promise<void>((start) => waiting.push(start));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    counts: () => ({ running, waiting: waiting.length }),
  };
}

/** Two decodes at once leave the other core to orders and quotes; eight waiting is a few seconds at most. */
export const imageDecodeSlots = createDecodeSlots(2, 8);
