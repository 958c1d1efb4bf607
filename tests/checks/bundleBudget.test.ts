// The phone app's first load stays within its budget: at most 150 KB of gzipped JavaScript
// before the first route renders (issue 17). Measured on the real build in dist/web (run
// `npm run build` first; scripts/test.sh does). Sizes are gzip at level 9, the smallest a
// server or CDN would send; the message lists every file so a regression names its culprit.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appLocales } from '../../src/i18n/locale.ts';
import { type FirstLoadPlan, firstLoadFiles, type Manifest } from './firstLoad.ts';

const budgetBytes = 150 * 1024;
const webDir = 'dist/web';
const manifestPath = join(webDir, '.vite', 'manifest.json');

// The routes a phone can land on: a new visitor opens "/" and lands on the welcome page
// (/login/start); a visitor whose session ended lands on sign-in (/login/login); a signed-in
// user lands on Home (/home/index). The largest counts.
const landingRoutes = {
  welcome: 'src/features/auth/StartPage.tsx',
  signIn: 'src/features/auth/LoginPage.tsx',
  home: 'src/features/home/HomePage.tsx',
} as const;

// The catalog awaited before the first render, per language (src/i18n/activateLocale.ts);
// the rest of the app's texts load after it and are awaited by the other routes only.
const startCatalog = (locale: string) => `locales/${locale}/messages.po`;

// The quote worker starts after the first render (the signed-in layout starts the market
// stream in an effect, src/app/router.tsx), so no landing route counts it. Were it started
// in a beforeLoad again, list it here.
const workersBeforeFirstRender: string[] = [];

const gzipped = new Map<string, number>();
function gzippedSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(webDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** The message ids of a compiled catalog chunk (`JSON.parse(`{"id":[…],…}`)`). */
function catalogIds(manifest: Manifest, key: string): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no catalog "${key}"`);
  const code = readFileSync(join(webDir, chunk.file), 'utf8');
  return new Set([...code.matchAll(/"((?:[^"\\]|\\.)+)":\[/g)].map((match) => match[1]!));
}

/** Every quoted string in a chunk: message ids appear as `{id:"Ab3xYz"}` once minified. */
function quotedStrings(file: string): Set<string> {
  const code = readFileSync(join(webDir, file), 'utf8');
  return new Set([...code.matchAll(/(["'`])((?:(?!\1)[^\\\n])+)\1/g)].map((match) => match[2]!));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first load of the phone app', () => {
  const built = existsSync(manifestPath);
  if (!built && !process.env.CI) {
    it.skip(`needs the build: run \`npm run build\` first (no ${manifestPath})`, () => {});
    return;
  }

  it(`downloads at most ${kb(budgetBytes)} of gzipped JavaScript before the first route renders`, () => {
    if (!built) throw new Error(`no ${manifestPath}: the build must run before this test (npm run build; scripts/test.sh does)`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const reports: { name: string; total: number; lines: string[] }[] = [];
    for (const locale of appLocales) {
      for (const [routeName, route] of Object.entries(landingRoutes)) {
        const plan: FirstLoadPlan = { entry: 'index.html', catalogs: [startCatalog(locale)], route: [route], workers: workersBeforeFirstRender };
        const files = firstLoadFiles(manifest, plan).map((entry) => ({ ...entry, size: gzippedSize(entry.file) }));
        const total = files.reduce((sum, entry) => sum + entry.size, 0);
        const lines = files.map((entry) => `  ${entry.part.padEnd(8)}${kb(entry.size).padStart(10)}  ${entry.file}`);
        reports.push({ name: `${locale}, landing on ${routeName}`, total, lines });
      }
    }
    const largest = reports.reduce((worst, report) => (report.total > worst.total ? report : worst));
    const summary = reports.map((report) => `${report.name}: ${kb(report.total)}`).join('\n');
    const message = `largest first load ${largest.name}: ${kb(largest.total)} over a budget of ${kb(budgetBytes)}\n${largest.lines.join('\n')}\nall landings:\n${summary}`;
    console.info(message.replace('over a budget', 'within a budget'));
    expect(largest.total, message).toBeLessThanOrEqual(budgetBytes);
  });

  // The landing pages render without the other pages' texts (src/app/routeTable.ts:
  // landingPages): a text they use that only locales/*/pages.po has would show as its id.
  it('finds every text of the first screen in the catalog loaded at start', () => {
    if (!built) throw new Error(`no ${manifestPath}: the build must run before this test (npm run build; scripts/test.sh does)`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const startIds = catalogIds(manifest, startCatalog('en'));
    const laterIds = catalogIds(manifest, 'locales/en/pages.po');
    expect(startIds.size).toBeGreaterThan(100);
    expect(laterIds.size).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const route of Object.values(landingRoutes)) {
      const plan: FirstLoadPlan = { entry: 'index.html', catalogs: [], route: [route], workers: [] };
      for (const { file } of firstLoadFiles(manifest, plan)) {
        for (const text of quotedStrings(file)) if (laterIds.has(text) && !startIds.has(text)) missing.push(`${file}: ${text}`);
      }
    }
    expect([...new Set(missing)], 'message ids of first-load chunks missing from the start catalog: add their files to startTextPaths in lingui.config.ts').toEqual([]);
  });
});
