import { describe, expect, it } from 'vitest';
import { firstLoadFiles, type Manifest, staticClosure, workerAssets } from './firstLoad.ts';

// A tiny build: the entry imports react and a shared store; the catalog is a dynamic entry;
// the home page imports the shared store (already counted) and a chart chunk of its own;
// the back office is only a dynamic import and must never count.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_store.js'],
    dynamicImports: ['locales/en/messages.po', 'src/Home.tsx', 'src/BackOffice.tsx'],
    assets: ['assets/quote.worker-1.js', 'assets/logo.svg'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_store.js': { file: 'assets/store.js', imports: ['_react.js'] },
  '_chart.js': { file: 'assets/chart.js', imports: ['_store.js'] },
  'locales/en/messages.po': { file: 'assets/messages.js', isDynamicEntry: true },
  'src/Home.tsx': { file: 'assets/Home.js', isDynamicEntry: true, imports: ['index.html', '_store.js', '_chart.js'] },
  'src/BackOffice.tsx': { file: 'assets/BackOffice.js', isDynamicEntry: true, imports: ['_react.js'] },
};

describe('staticClosure', () => {
  it('follows static imports transitively, each file once, and never dynamic imports', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['assets/index.js', 'assets/react.js', 'assets/store.js']);
  });

  it('names a missing chunk instead of returning a short list', () => {
    expect(() => staticClosure(manifest, 'src/Missing.tsx')).toThrow(/src\/Missing.tsx/);
  });
});

describe('firstLoadFiles', () => {
  it('counts the entry, the catalog, the workers started before rendering and the route, each file once', () => {
    const files = firstLoadFiles(manifest, {
      entry: 'index.html',
      catalogs: ['locales/en/messages.po'],
      route: ['src/Home.tsx'],
      workers: ['assets/quote.worker-1.js'],
    });
    expect(files).toEqual([
      { part: 'entry', file: 'assets/index.js' },
      { part: 'entry', file: 'assets/react.js' },
      { part: 'entry', file: 'assets/store.js' },
      { part: 'catalog', file: 'assets/messages.js' },
      { part: 'worker', file: 'assets/quote.worker-1.js' },
      { part: 'route', file: 'assets/Home.js' },
      { part: 'route', file: 'assets/chart.js' },
    ]);
  });

  it('leaves out a worker started after the first render', () => {
    const files = firstLoadFiles(manifest, { entry: 'index.html', catalogs: [], route: [], workers: [] });
    expect(files.map((entry) => entry.part)).not.toContain('worker');
  });
});

describe('workerAssets', () => {
  it('finds the worker bundles among the assets and nothing else', () => {
    expect(workerAssets(manifest)).toEqual(['assets/quote.worker-1.js']);
  });
});
