import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const screenshotDir = resolve('tests/output/screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Root in a sandbox with no network beyond loopback: these flags keep Chromium from
// dialling out or needing a user namespace (see ../shared/notes/stack.md).
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RunningApp {
  baseUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the real server (embedded PGlite in a fresh folder, demo mode, built web app) as `npm start` would.
 * `env` adds settings, e.g. a replayed market feed.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!existsSync('dist/web/index.html')) throw new Error('dist/web is missing: run `npm run build` first (npm test does)');
  const dataDir = await mkdtemp(join(tmpdir(), 'ledgerline-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_MODE: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ledgerline is running at')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((done) => child.once('exit', done));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Real Debian Chromium at phone size (390×844), with a fresh profile. */
export async function openPhoneBrowser(): Promise<Browser> {
  const profileDir = await mkdtemp(join(tmpdir(), 'ledgerline-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
