import type { QuoteState } from '../model.ts';
import { istDayNumber, istDayNumberStart } from '../../../contract/calendar.ts';
import { bucketPeriods, bucketStartAt, type Bar, type BucketPeriod } from './buckets.ts';

// Builds OHLCV bars for every period at once from the published quote states.
//
// A quote state carries the last price and the day's cumulative volume, high and low, so
// the traded size of an update is the volume delta from the previous state of the same
// code on the same IST day, and a day high or low that rose or fell since the previous
// state was traded in between (frames conflate trades) and is credited to the current bar.
//
// The first state of a code on a day has no previous state to subtract:
// - if this aggregator saw the code on an earlier day, everything traded today happened
//   since then, so the whole volume and the day's open/high/low belong to the current bar;
// - if the aggregator has never seen the code (it joined mid-stream), the day, week and
//   month bars take the whole day (they certainly contain it), but the intraday bars only
//   take the volume when the day has a single price so far (high = low, typically the
//   day's first trade); otherwise the earlier volume cannot be placed in time and a spike
//   in the joining minute would be a lie, so intraday bars start from zero volume.
//
// Speed: one Map lookup per update, then, while the minute has not changed, seven in-place
// updates of one small Float64Array. Completed bars go to compact per-period rings.

export interface CandleLimits {
  /** Distinct instruments; the aggregator refuses more rather than grow without bound. */
  codesMax: number;
  /** Minute bars are kept for this many most recent IST days with bars. */
  minuteDaysMax: number;
  /** Bars kept per code and period, the open bar included. */
  barsMax: Record<BucketPeriod, number>;
}

export const defaultCandleLimits: CandleLimits = {
  codesMax: 20_000,
  minuteDaysMax: 3,
  // 1,500 minute bars hold three NSE sessions (3 × 375) or one round-the-clock demo day (1,440).
  barsMax: { minute: 1_500, '5m': 600, '15m': 400, '30m': 400, day: 400, week: 260, month: 120 },
};

export interface CandleAggregatorOptions {
  limits?: Partial<Omit<CandleLimits, 'barsMax'>> & { barsMax?: Partial<Record<BucketPeriod, number>> };
}

export interface CandleAggregator {
  apply(quote: QuoteState): void;
  /** Bars of `code` for `period`, oldest first, the still-open bar last; empty when unknown. */
  bars(code: string, period: BucketPeriod): Bar[];
  /** The open (latest) bar, or null. */
  latestBar(code: string, period: BucketPeriod): Bar | null;
  codes(): string[];
}

const periodCount = bucketPeriods.length;
const minuteIndex = 0;
/** Periods before this index are intraday; from it on (day, week, month) they span whole days. */
const firstDailyIndex = bucketPeriods.indexOf('day');
const monthIndex = bucketPeriods.indexOf('month');
const barStride = 6; // t, o, h, l, c, v in the open-bar block
const ringIntStride = 5; // t in minutes since epoch, o, h, l, c
const int32Max = 2_147_483_647;

/**
 * Completed bars of one code and period, oldest first, in a ring that grows by doubling
 * up to its cap and then overwrites the oldest. Times are stored in minutes (every bucket
 * starts on a whole minute) and prices as 32-bit integers: 28 bytes a bar instead of 48.
 */
class BarRing {
  private ints: Int32Array;
  private volumes: Float64Array;
  private capacity: number;
  private head = 0;
  length = 0;

  constructor(private readonly max: number) {
    this.capacity = Math.min(max, 32);
    this.ints = new Int32Array(this.capacity * ringIntStride);
    this.volumes = new Float64Array(this.capacity);
  }

  push(block: Float64Array, base: number): void {
    if (this.length === this.capacity && this.capacity < this.max) this.grow();
    let slot: number;
    if (this.length === this.capacity) {
      slot = this.head;
      this.head = slot + 1 === this.capacity ? 0 : slot + 1;
    } else {
      slot = this.head + this.length;
      if (slot >= this.capacity) slot -= this.capacity;
      this.length += 1;
    }
    const high = block[base + 2]!;
    if (high > int32Max) throw new Error(`price ${high} does not fit a candle ring; raise the storage width`);
    const at = slot * ringIntStride;
    const ints = this.ints;
    ints[at] = block[base]! / 60_000;
    ints[at + 1] = block[base + 1]!;
    ints[at + 2] = high;
    ints[at + 3] = block[base + 3]!;
    ints[at + 4] = block[base + 4]!;
    this.volumes[slot] = block[base + 5]!;
  }

  /** Start time of the i-th oldest bar. */
  timeAt(index: number): number {
    return this.ints[((this.head + index) % this.capacity) * ringIntStride]! * 60_000;
  }

  dropOldest(count: number): void {
    const dropped = Math.min(count, this.length);
    this.head = (this.head + dropped) % this.capacity;
    this.length -= dropped;
  }

  barAt(index: number): Bar {
    const slot = (this.head + index) % this.capacity;
    const at = slot * ringIntStride;
    const ints = this.ints;
    return { t: ints[at]! * 60_000, o: ints[at + 1]!, h: ints[at + 2]!, l: ints[at + 3]!, c: ints[at + 4]!, v: this.volumes[slot]! };
  }

  private grow(): void {
    const capacity = Math.min(this.max, this.capacity * 2);
    const ints = new Int32Array(capacity * ringIntStride);
    const volumes = new Float64Array(capacity);
    // Unwrap in two block copies: head to the end of the old buffer, then its start.
    const tail = Math.min(this.length, this.capacity - this.head);
    ints.set(this.ints.subarray(this.head * ringIntStride, (this.head + tail) * ringIntStride));
    ints.set(this.ints.subarray(0, (this.length - tail) * ringIntStride), tail * ringIntStride);
    volumes.set(this.volumes.subarray(this.head, this.head + tail));
    volumes.set(this.volumes.subarray(0, this.length - tail), tail);
    this.ints = ints;
    this.volumes = volumes;
    this.capacity = capacity;
    this.head = 0;
  }
}

interface CodeState {
  /** IST day of the previous state, '' before the first. */
  day: string;
  volume: number;
  high: number;
  low: number;
  /** Open bars of every period, `barStride` numbers each; t is NaN while a period has none. */
  open: Float64Array;
  rings: BarRing[];
  /** IST day numbers that have minute bars, oldest first, at most `minuteDaysMax`. */
  minuteDays: number[];
}

export function createCandleAggregator(options: CandleAggregatorOptions = {}): CandleAggregator {
  return new Aggregator({
    codesMax: options.limits?.codesMax ?? defaultCandleLimits.codesMax,
    minuteDaysMax: options.limits?.minuteDaysMax ?? defaultCandleLimits.minuteDaysMax,
    barsMax: { ...defaultCandleLimits.barsMax, ...options.limits?.barsMax },
  });
}

// A class rather than closures: its methods are shared by every instance, so code that
// V8 optimised for one aggregator stays valid for the next (tests and the bench make many).
class Aggregator implements CandleAggregator {
  private readonly states = new Map<string, CodeState>();
  /** A ring holds completed bars only; the open bar lives in the state's block. */
  private readonly ringSizes: number[];

  constructor(private readonly limits: CandleLimits) {
    this.ringSizes = bucketPeriods.map((period) => Math.max(1, limits.barsMax[period] - 1));
  }

  apply(quote: QuoteState): void {
    const time = quote.time;
    const last = quote.last;
    if (!(time > 0) || !(last > 0)) return; // no trade yet
    const state = this.states.get(quote.code) ?? this.stateFor(quote.code);

    if (quote.day === state.day) {
      const volume = quote.volume > state.volume ? quote.volume - state.volume : 0;
      const high = quote.high > state.high && quote.high > last ? quote.high : last;
      const low = quote.low < state.low && quote.low > 0 && quote.low < last ? quote.low : last;
      state.volume = quote.volume;
      if (quote.high > state.high) state.high = quote.high;
      if (quote.low > 0 && quote.low < state.low) state.low = quote.low;
      const block = state.open;
      // Every bucket is a whole number of IST minutes, so while the minute bar is open, all bars are.
      // (Comparisons, not `time % 60_000`: epoch ms are doubles, and a double modulo costs more than the rest.)
      const minuteStart = block[0]!;
      if (time >= minuteStart && time - minuteStart < 60_000) {
        for (let base = 0; base < periodCount * barStride; base += barStride) {
          if (high > block[base + 2]!) block[base + 2] = high;
          if (low < block[base + 3]!) block[base + 3] = low;
          block[base + 4] = last;
          block[base + 5]! += volume;
        }
        return;
      }
      this.roll(state, time, last, last, high, low, volume, last, high, low, volume);
      return;
    }

    // The first state of this code on this day.
    const watchedBefore = state.day !== '';
    const dayOpen = quote.open > 0 ? quote.open : last;
    const dayHigh = Math.max(quote.high, last);
    const dayLow = quote.low > 0 ? Math.min(quote.low, last) : last;
    state.day = quote.day;
    state.volume = quote.volume;
    state.high = dayHigh;
    state.low = dayLow;
    if (watchedBefore) {
      this.roll(state, time, last, dayOpen, dayHigh, dayLow, quote.volume, dayOpen, dayHigh, dayLow, quote.volume);
    } else {
      const intradayVolume = quote.high === quote.low ? quote.volume : 0;
      this.roll(state, time, last, last, last, last, intradayVolume, dayOpen, dayHigh, dayLow, quote.volume);
    }
  }

  bars(code: string, period: BucketPeriod): Bar[] {
    const state = this.states.get(code);
    if (!state) return [];
    const p = bucketPeriods.indexOf(period);
    const ring = state.rings[p]!;
    const result: Bar[] = new Array(ring.length);
    for (let index = 0; index < ring.length; index++) result[index] = ring.barAt(index);
    const open = openBar(state, p);
    if (open) result.push(open);
    return result;
  }

  latestBar(code: string, period: BucketPeriod): Bar | null {
    const state = this.states.get(code);
    return state ? openBar(state, bucketPeriods.indexOf(period)) : null;
  }

  codes(): string[] {
    return [...this.states.keys()];
  }

  private stateFor(code: string): CodeState {
    if (this.states.size >= this.limits.codesMax) throw new Error(`candle aggregator holds ${this.limits.codesMax} codes already; refusing ${code}`);
    const open = new Float64Array(periodCount * barStride);
    for (let p = 0; p < periodCount; p++) open[p * barStride] = Number.NaN;
    const state: CodeState = { day: '', volume: 0, high: 0, low: 0, open, rings: this.ringSizes.map((size) => new BarRing(size)), minuteDays: [] };
    this.states.set(code, state);
    return state;
  }

  /** Keeps minute bars of the `minuteDaysMax` most recent days; runs once per code and day. */
  private startMinuteDay(state: CodeState, time: number): void {
    state.minuteDays.push(istDayNumber(time));
    if (state.minuteDays.length <= this.limits.minuteDaysMax) return;
    state.minuteDays.shift();
    const keepFrom = istDayNumberStart(state.minuteDays[0]!);
    const ring = state.rings[minuteIndex]!;
    let stale = 0;
    while (stale < ring.length && ring.timeAt(stale) < keepFrom) stale++;
    ring.dropOldest(stale);
  }

  /**
   * Updates every period whose bucket is unchanged and rolls the others. Intraday periods
   * take the `intraday*` figures, day/week/month the `day*` ones (they differ only on the
   * first state of a code the aggregator joins mid-day).
   */
  private roll(
    state: CodeState, time: number, last: number,
    intradayOpen: number, intradayHigh: number, intradayLow: number, intradayVolume: number,
    dayOpen: number, dayHigh: number, dayLow: number, dayVolume: number,
  ): void {
    const block = state.open;
    // Buckets nest (minute ⊂ 5m ⊂ 15m ⊂ 30m ⊂ day, and a day lies in one week and one month):
    // once a bucket has not rolled, no wider one has, and its start need not be computed.
    let narrowerRolled = true;
    let dayRolled = true;
    for (let p = 0; p < periodCount; p++) {
      const daily = p >= firstDailyIndex;
      const high = daily ? dayHigh : intradayHigh;
      const low = daily ? dayLow : intradayLow;
      const volume = daily ? dayVolume : intradayVolume;
      const base = p * barStride;
      const current = block[base]!;
      const mayRoll: boolean = p === monthIndex ? dayRolled : narrowerRolled;
      const start: number = mayRoll ? bucketStartAt(p, time) : current;
      // NaN !== NaN: a period without an open bar always rolls.
      narrowerRolled = start > current || current !== current;
      if (p === firstDailyIndex) dayRolled = narrowerRolled;
      // A late state (start before the open bar) is folded into the open bar: closed bars are never reopened.
      if (!narrowerRolled) {
        if (high > block[base + 2]!) block[base + 2] = high;
        if (low < block[base + 3]!) block[base + 3] = low;
        block[base + 4] = last;
        block[base + 5]! += volume;
        continue;
      }
      if (current === current) state.rings[p]!.push(block, base);
      if (p === minuteIndex && (current !== current || istDayNumber(start) !== istDayNumber(current))) this.startMinuteDay(state, start);
      const open = daily ? dayOpen : intradayOpen;
      block[base] = start;
      block[base + 1] = open;
      block[base + 2] = Math.max(open, high, last);
      block[base + 3] = Math.min(open, low, last);
      block[base + 4] = last;
      block[base + 5] = volume;
    }
  }
}

function openBar(state: CodeState, p: number): Bar | null {
  const base = p * barStride;
  const block = state.open;
  const t = block[base]!;
  if (t !== t) return null;
  return { t, o: block[base + 1]!, h: block[base + 2]!, l: block[base + 3]!, c: block[base + 4]!, v: block[base + 5]! };
}
