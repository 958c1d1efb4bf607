// Market calendar throughput: isTradingDay (asked on every order check) and the session
// phase (asked by the feeds and the stream), from contract/calendar.ts, beside a baseline
// measured in the same run: the same questions answered the way the server did before the
// calendar moved to contract/, through dayjs' time-zone plugin, reimplemented here. Both
// answer the same inputs, and their answers are checked to agree before anything is timed.
// Run: npm run bench:calendar [-- calls=2000000]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { istDay, isTradingDay, nseHolidays, nsePhaseAt, nseSession } from '../contract/calendar.ts';
import type { SessionPhase } from '../contract/market.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const callCount = Number(process.argv[2] ?? 2_000_000);

// ---------------------------------------------------------------------------------
// Baseline: server/market/marketClock.ts as it was, weekday through dayjs.tz.

const baselineHolidays = new Set(nseHolidays);
const baselineOffsetMs = (5 * 60 + 30) * 60_000;
const baselineDayMs = 86_400_000;

const baselineIstDay = (time: number): string => new Date(time + baselineOffsetMs).toISOString().slice(0, 10);

function baselineIsTradingDay(day: string): boolean {
  const weekday = dayjs.tz(day, 'Asia/Kolkata').day();
  return weekday !== 0 && weekday !== 6 && !baselineHolidays.has(day);
}

function baselinePhaseAt(time: number): SessionPhase {
  if (!baselineIsTradingDay(baselineIstDay(time))) return 'closed';
  const minute = Math.floor(((time + baselineOffsetMs) % baselineDayMs) / 60_000);
  if (minute < nseSession.preOpenStart) return 'closed';
  if (minute < nseSession.openStart) return 'pre_open';
  if (minute < nseSession.closingStart) return 'open';
  if (minute < nseSession.closedStart) return 'closing';
  return 'closed';
}

// ---------------------------------------------------------------------------------
// Inputs: instants spread over 2025–26 (so holidays, weekends and every phase occur), and
// their IST days, generated before timing so the loops measure only the calendar.

let seed = 0x2545f491;
const random = (): number => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4_294_967_296;
};
const firstInstant = Date.parse('2025-01-01T00:00:00+05:30');
const spanMs = 2 * 365 * baselineDayMs;
const inputCount = 65_536; // a power of two, indexed with a mask
const instants = Float64Array.from({ length: inputCount }, () => firstInstant + Math.floor(random() * spanMs));
const days = Array.from(instants, (time) => istDay(time));

for (let index = 0; index < inputCount; index++) {
  const time = instants[index]!;
  if (isTradingDay(days[index]!) !== baselineIsTradingDay(days[index]!) || nsePhaseAt(time) !== baselinePhaseAt(time)) {
    throw new Error(`calendar and baseline disagree at ${new Date(time).toISOString()}`);
  }
}

/** Calls per second of `call` over `calls` inputs; the count of true answers keeps the loop from being optimised away. */
function measure(calls: number, call: (index: number) => boolean): { perSecond: number; answers: number } {
  let answers = 0;
  const started = performance.now();
  for (let index = 0; index < calls; index++) if (call(index & (inputCount - 1))) answers += 1;
  const elapsedMs = performance.now() - started;
  return { perSecond: calls / (elapsedMs / 1000), answers };
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US');

type Contender = { name: string; calendar: (index: number) => boolean; baseline: (index: number) => boolean };
const contenders: Contender[] = [
  { name: 'isTradingDay(day)', calendar: (index) => isTradingDay(days[index]!), baseline: (index) => baselineIsTradingDay(days[index]!) },
  { name: 'nsePhaseAt(time)', calendar: (index) => nsePhaseAt(instants[index]!) === 'open', baseline: (index) => baselinePhaseAt(instants[index]!) === 'open' },
];

console.log(`calendar: ${format(callCount)} calls per run over ${format(inputCount)} instants in 2025–26 (holidays, weekends and every session phase)`);
console.log(`  machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start; the baseline (dayjs.tz, as before) gets a tenth of the calls`);
for (const contender of contenders) {
  // One warm-up each so both are optimised before the measured runs, then the median of three.
  measure(callCount / 10, contender.calendar);
  measure(callCount / 100, contender.baseline);
  const calendarRates: number[] = [];
  const baselineRates: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    calendarRates.push(measure(callCount, contender.calendar).perSecond);
    baselineRates.push(measure(callCount / 10, contender.baseline).perSecond);
  }
  const median = (rates: number[]) => rates.sort((a, b) => a - b)[1]!;
  const calendarRate = median(calendarRates);
  const baselineRate = median(baselineRates);
  console.log(
    `  ${contender.name.padEnd(18)} calendar ${format(calendarRate).padStart(12)} calls/s (${(1e9 / calendarRate).toFixed(0)} ns)   ` +
      `dayjs.tz baseline ${format(baselineRate).padStart(10)} calls/s (${(1e9 / baselineRate).toFixed(0)} ns)   ${(calendarRate / baselineRate).toFixed(0)}× faster`,
  );
}
