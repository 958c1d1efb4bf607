import type { StreamQuote } from '../../../contract/market.ts';
import type { Market } from '../marketService.ts';
import { toStreamQuote } from '../streamQuote.ts';

// Index quotes as they were some seconds ago, for connections without a session when the
// public delay is set. Once a second the indices' quotes are sampled into a ring that holds
// the longest delay the setting allows and no more; a delayed connection gets, once a
// second, the newest sample at least its delay old. Sampling starts with the first delayed
// connection, which therefore sees nothing until a full delay has passed — never fresher data.

export const delayedSampleMs = 1000;
/** The setting's maximum (contract/settings.ts stream.anonymous_delay_seconds) plus a sample. */
const maxDelayMs = 900_000 + delayedSampleMs;

type Sample = { at: number; quotes: StreamQuote[] };

export function createDelayedFeed(market: Market, options: { now: () => number; publish: (delayMs: number, quotes: StreamQuote[]) => void; delays: () => Iterable<number> }) {
  const indexCodes = market.instruments.filter((spec) => spec.kind === 'index').map((spec) => spec.code);
  const samples: Sample[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;

  function sample(): void {
    const at = options.now();
    const quotes: StreamQuote[] = [];
    for (const code of indexCodes) {
      const quote = market.quote(code);
      if (quote) quotes.push(toStreamQuote(quote));
    }
    samples.push({ at, quotes });
    while (samples.length > 0 && (samples[0] as Sample).at < at - maxDelayMs) samples.shift();
    for (const delayMs of options.delays()) {
      const due = newestAtLeast(delayMs);
      if (due) options.publish(delayMs, due.quotes);
    }
  }

  function newestAtLeast(delayMs: number): Sample | undefined {
    const cutoff = options.now() - delayMs;
    for (let i = samples.length - 1; i >= 0; i -= 1) if ((samples[i] as Sample).at <= cutoff) return samples[i];
    return undefined;
  }

  return {
    isIndex: (code: string) => indexCodes.includes(code),
    /** Starts sampling (idempotent): called when a delayed connection arrives. */
    start(): void {
      if (timer) return;
      sample();
      timer = setInterval(sample, delayedSampleMs);
      timer.unref();
    },
    /** The delayed quotes of `codes` (empty until a full delay has been sampled). */
    snapshot(delayMs: number, codes: ReadonlySet<string>): StreamQuote[] {
      return (newestAtLeast(delayMs)?.quotes ?? []).filter((quote) => codes.has(quote[0]));
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
