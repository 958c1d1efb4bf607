// Browser benchmark: replays a recording at ~20,000 ticks/s into the built app in real
// Chromium and measures what the user feels: main-thread long tasks (> 50 ms), frames
// per second and tick-to-paint latency, first on the rankings list (the whole board,
// 2,000+ rows, virtualized), then on a stock's candlestick chart.
//
//   npx tsx bench/browser/run.ts [--ticks-per-second 20000] [--seconds 20]
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { openPhoneBrowser, signInAsDemo, startApp } from '../../tests/e2e/harness.ts';
import { recordSimulatorSample } from './recordSample.ts';

const { values } = parseArgs({
  options: {
    'ticks-per-second': { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '20' },
  },
});
const targetTicksPerSecond = Number(values['ticks-per-second']);
const measureSeconds = Number(values.seconds);

if (!existsSync('dist/web/index.html')) {
  console.error('dist/web is missing: run `npm run build` first');
  process.exit(2);
}

const workDir = await mkdtemp(join(tmpdir(), 'ledgerline-browser-bench-'));
const recordingPath = join(workDir, 'board.jsonl.gz');
// Long enough that the replay outlasts both measurements at the chosen speed.
const sample = await recordSimulatorSample(recordingPath, { simulatedSeconds: 600 });
const speed = Math.min(1000, Math.max(1, Math.round(targetTicksPerSecond / sample.ticksPerSecond)));
console.log(`recording: ${sample.instruments} instruments, ${sample.ticksPerSecond.toFixed(0)} ticks per simulated second; replay ×${speed} ≈ ${(sample.ticksPerSecond * speed).toFixed(0)} ticks/s`);

const app = await startApp({ MARKET_FEED: 'replay', REPLAY_FILE: recordingPath, REPLAY_SPEED: String(speed) });
const browser = await openPhoneBrowser();
try {
  const { page } = browser;
  await signInAsDemo(page, app.baseUrl);

  await page.goto(`${app.baseUrl}/#/market/index`);
  await page.locator('[data-code]').first().waitFor({ timeout: 20_000 });
  report('rankings (whole board)', await measure(page, measureSeconds));

  await page.goto(`${app.baseUrl}/#/market/stockDetail?code=RELIANCE`);
  await page.locator('[data-testid="price-chart"][data-state="ready"]').waitFor({ timeout: 20_000 });
  // Measure the steady stream, not the one-off work of loading the chart chunk and its history.
  await page.waitForTimeout(2000);
  report('stock detail + chart', await measure(page, measureSeconds));
  console.log('targets: no long task, ≥ 55 fps, p99 tick-to-paint < 100 ms');
} finally {
  await browser.close();
  await app.stop();
  await rm(workDir, { recursive: true, force: true });
}

interface Measurement {
  longTasks: number;
  longestTaskMs: number;
  fps: number;
  paints: number;
  latencies: number[];
}

/**
 * Runs in the page: counts long tasks with PerformanceObserver, frames with
 * requestAnimationFrame, and, on each frame after the app applied a batch of quotes,
 * the time from the server sending that batch to the frame being painted. The app
 * publishes the batch's server send time on `window.__ledgerlineQuoteBatch` (see
 * src/features/market/stream/marketStore.ts).
 */
async function measure(page: Page, seconds: number): Promise<Measurement> {
  // Passed as source text: tsx's transform adds helpers (`__name`) that do not exist in the page.
  return page.evaluate(`(${pageProbeSource()})(${seconds * 1000})`) as Promise<Measurement>;
}

function pageProbeSource(): string {
  return `async (durationMs) => {
  let longTasks = 0;
  let longestTaskMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longTasks += 1;
      longestTaskMs = Math.max(longestTaskMs, entry.duration);
    }
  });
  observer.observe({ type: 'longtask' });
  const latencies = [];
  let frames = 0;
  let lastSeen;
  const start = performance.now();
  await new Promise((done) => {
    const onFrame = () => {
      frames += 1;
      const batch = window.__ledgerlineQuoteBatch;
      if (batch && batch !== lastSeen) {
        lastSeen = batch;
        latencies.push(performance.timeOrigin + performance.now() - batch.sentAt);
      }
      if (performance.now() - start < durationMs) requestAnimationFrame(onFrame);
      else done();
    };
    requestAnimationFrame(onFrame);
  });
  observer.disconnect();
  return { longTasks, longestTaskMs, fps: (frames * 1000) / (performance.now() - start), paints: latencies.length, latencies };
}`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(scenario: string, m: Measurement): void {
  const sorted = [...m.latencies].sort((a, b) => a - b);
  console.log(
    `${scenario.padEnd(24)} long tasks ${m.longTasks} (longest ${m.longestTaskMs.toFixed(0)} ms) · ${m.fps.toFixed(1)} fps · ` +
      `tick-to-paint p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms over ${m.paints} painted batches`,
  );
}
