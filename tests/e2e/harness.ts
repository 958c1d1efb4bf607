import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { sessionCookies } from '../../contract/envelope.ts';
import { demoStaff, demoUser } from '../../server/demo/seed.ts';
import { serverLogDir } from '../../server/testing/testLogs.ts';
import { freshTotpCode } from '../../server/testing/totpKit.ts';
import type { TestServer } from '../../server/testing/testServer.ts';

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

export async function freePort(): Promise<number> {
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
  const server = await startServer({ env });
  return { baseUrl: server.baseUrl, stop: () => server.stop() };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations seen so far in any page of this browser (see recordCspViolations). */
  cspViolations(): string[];
  /** Closes the browser; throws if a page met a CSP violation no test has been failed for yet. */
  close(): Promise<void>;
}

/** Violations not yet reported, per open browser: the afterEach below fails the test they happened in. */
const unreportedViolations = new Set<string[]>();

afterEach(() => {
  const seen = [...unreportedViolations].flatMap((list) => list.splice(0));
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
});

/**
 * Every page of `context` reports what the Content-Security-Policy refused: the page's own
 * `securitypolicyviolation` events (from an init script, so every document and every navigation)
 * and Chromium's console messages "Refused to …" (which also cover what happens before the script runs).
 */
async function recordCspViolations(context: BrowserContext, record: (line: string) => void): Promise<void> {
  await context.exposeBinding('__ledgerlineCspViolation', (_source, line: string) => record(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __ledgerlineCspViolation?: (line: string) => void }).__ledgerlineCspViolation;
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('Refused to ')) record(`console: ${message.text()}`);
  });
}

type Viewport = { width: number; height: number; mobile: boolean };
const phone: Viewport = { width: 390, height: 844, mobile: true };
const desktop: Viewport = { width: 1440, height: 900, mobile: false };

/** Real Debian Chromium at `viewport`, with a fresh profile (so its own localStorage and sessions). */
async function openBrowser(viewport: Viewport): Promise<Browser> {
  const profileDir = await mkdtemp(join(tmpdir(), 'ledgerline-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.mobile ? 2 : 1,
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    acceptDownloads: true,
  });
  const violations: string[] = [];
  const allViolations: string[] = [];
  await recordCspViolations(context, (line) => {
    violations.push(line);
    allViolations.push(line);
  });
  unreportedViolations.add(violations);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    cspViolations: () => [...allViolations],
    async close() {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
      unreportedViolations.delete(violations);
      if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    },
  };
}

/** A phone (390×844), as users hold the app. */
export const openPhoneBrowser = (): Promise<Browser> => openBrowser(phone);

/** A desktop window, as staff use the back office. */
export const openDesktopBrowser = (): Promise<Browser> => openBrowser(desktop);

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends `signal` to the server's process group and waits until it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM (a clean shutdown), then removes the data folder unless `keepData` was asked for. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Settings on top of the defaults (a free port, demo mode, a fresh PGlite folder); e.g. DATABASE_URL for PostgreSQL. */
  env?: Record<string, string>;
  /** Reuse this PGlite folder (to restart on the same data); it is then left in place on stop. */
  dataDir?: string;
  /** Leave the data folder in place on stop. */
  keepData?: boolean;
}

/**
 * Starts the real server like {@link startApp}, but hands back its process so that a test
 * can kill it hard (SIGKILL) and start another one on the same database: pass the same
 * DATABASE_URL in `env`, or the same `dataDir` for PGlite.
 */
export async function startServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const env = options.env ?? {};
  if (!env.WEB_DIR && !existsSync('dist/web/index.html')) throw new Error('dist/web is missing: run `npm run build` first (npm test does)');
  const ownsDataDir = options.dataDir === undefined && !options.keepData;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ledgerline-e2e-')));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_MODE: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Kept for scripts/check-logs.mjs, which fails the suite on any personal data in a server log.
  await mkdir(serverLogDir, { recursive: true });
  const logFile = createWriteStream(join(serverLogDir, `e2e-${port}-${child.pid}.log`), { flags: 'a' });
  child.stdout?.pipe(logFile);
  child.stderr?.pipe(logFile);
  child.stdout?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const started = new Promise<void>((ready, fail) => {
    // Generous: demo seeding on a shared, loaded CI machine can take well over a minute.
    const timer = setTimeout(() => fail(new Error(`server did not start in 150 s:\n${output}`)), 150_000);
    const onData = () => {
      if (output.includes('Ledgerline is running at')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        ready();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code ?? signal}:\n${output}`));
    });
  });
  try {
    await started;
  } catch (error) {
    // Leave nothing running behind a failed start.
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const pid = child.pid!;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-pid, signal);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
      await exited;
    }
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid,
    output: () => output,
    kill,
    async stop() {
      await kill('SIGTERM');
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Calls a real server's commands over HTTP the way the in-process TestServer's `call` does, so
 * the server test kits (staff, users) work against a server process too. `target` may change
 * (a restarted server listens on a new port); a call that gets no answer in `timeoutMs` throws.
 */
export function httpCaller(target: { baseUrl: string }, timeoutMs = 20_000): Pick<TestServer, 'call'> {
  return {
    async call(path, body, session) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(session ?? {}) };
      const response = await fetch(`${target.baseUrl}/api/vue/${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
      return { httpStatus: response.status, body: await response.json() };
    },
  };
}

/** Signs in through the login screen and waits for the home screen. */
export async function signIn(page: Page, baseUrl: string, account: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login/login`);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/#\/home\/index/, { timeout: 20_000 });
}

/** Signs in as the seeded demo user. */
export const signInAsDemo = (page: Page, baseUrl: string): Promise<void> => signIn(page, baseUrl, demoUser.account, demoUser.password);

/** The session a signed-in page holds, as API headers: read from its HttpOnly cookie (script in the page cannot). */
export async function sessionOf(page: Page): Promise<{ token: string; account: string }> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === sessionCookies.user);
  if (!cookie) return { token: '', account: '' };
  const colon = cookie.value.indexOf(':');
  return { account: decodeURIComponent(cookie.value.slice(0, colon)), token: cookie.value.slice(colon + 1) };
}

const demoStaffSecret = (login: string): string => {
  const staff = demoStaff.find((member) => member.login === login);
  if (!staff) throw new Error(`no demo staff member ${login}`);
  return staff.totpSecret;
};

/** A demo staff member's API session: the password, then a code from the documented demo secret. */
export async function demoStaffSession(baseUrl: string, login: string): Promise<{ token: string; account: string }> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as { status: number; msg: string; data: any };
  };
  const password = demoStaff.find((member) => member.login === login)!.password;
  const first = await post('admin/login', { login, password });
  if (first.status !== 1 || !first.data.mfa_required) throw new Error(`staff sign-in failed: ${first.msg}`);
  const second = await post('admin/loginMfa', { challenge: first.data.challenge, code: await freshTotpCode(demoStaffSecret(login)) });
  if (second.status !== 1) throw new Error(`staff second factor failed: ${second.msg}`);
  return { token: second.data.token, account: login };
}

/** Signs a demo staff member in to the back office as they would: login, password, then the code from their authenticator. */
export async function signInToBackOffice(page: Page, baseUrl: string, login: string): Promise<void> {
  await page.goto(`${baseUrl}/#/admin/login`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(demoStaff.find((member) => member.login === login)!.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('input[name="code"]').fill(await freshTotpCode(demoStaffSecret(login)));
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/#\/admin\/(?!login)/, { timeout: 15_000 });
}
