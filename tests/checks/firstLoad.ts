// The JavaScript a phone downloads before the app's first route renders, read from Vite's
// build manifest (dist/web/.vite/manifest.json): pure functions over the chunk graph, so
// bundleBudget.test.ts can measure the real build and firstLoad.test.ts can prove the walk
// on a tiny fake manifest.

/** One entry of Vite's manifest. `imports` are static (preloaded with the chunk); `dynamicImports` load later. */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Files emitted for the chunk that are not chunks of the graph: the quote worker's bundle. */
  assets?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Why a file is downloaded before the first render. */
export type FirstLoadPart = 'entry' | 'catalog' | 'worker' | 'route';
export type FirstLoadFile = { part: FirstLoadPart; file: string };

export type FirstLoadPlan = {
  /** The manifest key of the page's entry: "index.html". */
  entry: string;
  /** Chunks the entry loads dynamically and awaits before rendering anything: the translation catalog. */
  catalogs: string[];
  /** The landing route's page module(s), loaded before the route renders. */
  route: string[];
  /** Worker assets started before the first render (their file names, as in `assets`). */
  workers: string[];
};

/**
 * The files loading `key` brings in: its chunk, then every chunk it imports statically,
 * transitively (what Vite modulepreloads with it), each once, in first-seen order.
 */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    if (!chunk) throw new Error(`the build manifest has no chunk "${current}"`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * Every JavaScript file downloaded before the first route renders, each counted once under
 * the first part that needs it: the entry and its static imports, the catalogs awaited at
 * start, the workers started before rendering, then the route's own chunks.
 */
export function firstLoadFiles(manifest: Manifest, plan: FirstLoadPlan): FirstLoadFile[] {
  const counted = new Set<string>();
  const result: FirstLoadFile[] = [];
  const add = (part: FirstLoadPart, files: string[]) => {
    for (const file of files) {
      if (counted.has(file) || !file.endsWith('.js')) continue;
      counted.add(file);
      result.push({ part, file });
    }
  };
  add('entry', staticClosure(manifest, plan.entry));
  for (const catalog of plan.catalogs) add('catalog', staticClosure(manifest, catalog));
  add('worker', plan.workers);
  for (const route of plan.route) add('route', staticClosure(manifest, route));
  return result;
}

/** The worker files the manifest lists for any chunk, e.g. "assets/quoteStream.worker-abc.js". */
export function workerAssets(manifest: Manifest): string[] {
  return [...new Set(Object.values(manifest).flatMap((chunk) => chunk.assets ?? []))].filter((file) => /\.worker-[^/]*\.js$/.test(file));
}
