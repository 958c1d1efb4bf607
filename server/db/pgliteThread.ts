import { Worker } from 'node:worker_threads';
import { type Database, type Sql, withRetries } from './database.ts';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pgliteThreadProtocol.ts';

// The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly
// and runs synchronously on the thread that calls it: on the server's thread it took 50–55 %
// of that thread at 1,000 orders/s, so HTTP, sessions and the order writer queued behind it
// while the second core idled. Here the server's thread only sends statements and receives
// rows. PGlite's own worker (@electric-sql/pglite/worker) is made for browser tabs: it elects
// a leader through navigator.locks, which Node 20 does not have.

const workerFile = new URL('./pgliteThreadWorker.ts', import.meta.url);

/**
 * Starts the worker under tsx's loader whatever runs this thread (node --import tsx, vitest):
 * a worker thread does not inherit module hooks on Node 20. tsx is found from this file, not
 * from the working directory the server was started in.
 */
const tsxApi = import.meta.resolve('tsx/esm/api');
const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); })`;

type ThreadRequestBody = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** A driver error rebuilt on this thread with its fields (code, constraint …), so callers cannot tell the difference. */
const rebuildError = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message)), fields);

/** Opens the embedded database on its own thread; `dataDir` undefined means in memory. */
export async function openPgliteThread(dataDir: string | undefined): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  const worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } satisfies ThreadStart });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let lastId = 0;
  let lastTransaction = 0;
  let stopped: Error | undefined;

  const opened = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (message: ThreadReply) => {
    const caller = waiting.get(message.id);
    if (!caller) return;
    waiting.delete(message.id);
    if (message.ok) caller.resolve(message.result);
    else caller.reject(rebuildError(message.error));
  });
  const stop = (error: Error) => {
    stopped ??= error;
    for (const caller of waiting.values()) caller.reject(stopped);
    waiting.clear();
  };
  worker.on('error', (error) => stop(new Error(`the database thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => stop(new Error(`the database thread exited (code ${code})`)));

  // Every outstanding call is one awaiting caller (an HTTP request, a job, a writer batch),
  // so this map is bounded by the callers' own bounds.
  const call = <T>(request: ThreadRequestBody, transfer: ArrayBuffer[] = []): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  };

  const sqlIn = (transaction?: number): Sql => ({
    query: (text, params) => call({ op: 'query', text, params: params ? [...params] : undefined, transaction }),
    execScript: (script) => call({ op: 'exec', script, transaction }),
  });

  await opened;
  return {
    engine: 'pglite',
    ...sqlIn(),
    // PGlite is one connection: its transactions queue behind each other, so they never
    // conflict, but the retry keeps the contract identical to PostgreSQL's.
    transaction: (work) =>
      withRetries(async () => {
        // BEGIN goes out with the work's first statements behind it, not a round trip ahead.
        const transaction = ++lastTransaction;
        const begun = call({ op: 'begin', transaction });
        begun.catch(() => undefined);
        let result;
        try {
          result = await work(sqlIn(transaction));
          await begun;
        } catch (error) {
          // The work's error is the one that matters; a failed rollback leaves PGlite's own cleanup.
          await call({ op: 'end', transaction, commit: false }).catch(() => undefined);
          throw error;
        }
        await call({ op: 'end', transaction, commit: true });
        return result;
      }),
    async close() {
      if (!stopped) await call({ op: 'close' });
      await worker.terminate();
    },
    dumpDataDir: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
  };
}
