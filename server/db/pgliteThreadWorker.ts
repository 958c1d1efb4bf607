// The embedded database's own thread (see pgliteThread.ts): opens PGlite and answers the
// server thread's messages. Queries outside a transaction go straight to PGlite, whose mutex
// makes them wait for an open transaction, exactly as on the server thread before.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { parsers } from './pglite.ts';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pgliteThreadProtocol.ts';

const port = parentPort!;
const start = workerData as ThreadStart;
const pglite = await PGlite.create(start.dataDir ?? 'memory://', { parsers });

interface OpenTransaction {
  /** Resolves once BEGIN has run; statements sent with the begin wait for it. */
  opened: Promise<Transaction>;
  /** Settles once PGlite has committed or rolled back. */
  ended: Promise<void>;
  finish(commit: boolean): void;
}
const openTransactions = new Map<number, OpenTransaction>();
/** Thrown into PGlite's transaction callback to make it roll back. */
const rollbackRequested = Symbol('rollback requested');

const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** A driver error as plain data: its message and every field that survives cloning (code, constraint, detail …). */
function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A field holding functions (PGlite's query options) stays on this thread.
    }
  }
  return fields;
}

function transactionOf(id: number): Promise<Transaction> {
  const open = openTransactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  return open.opened;
}

/**
 * Opens transaction `id` in PGlite, which first waits for the one before it to end. The
 * server thread does not wait for this: it sends the first statements right behind.
 */
function begin(id: number): Promise<void> {
  let started = false;
  let opened!: { resolve(tx: Transaction): void; reject(error: unknown): void };
  let finish!: (commit: boolean) => void;
  const open: OpenTransaction = {
    opened: new Promise((resolve, reject) => (opened = { resolve, reject })),
    ended: pglite.transaction((tx) => new Promise<void>((resolve, reject) => {
      started = true;
      finish = (commit) => (commit ? resolve() : reject(rollbackRequested));
      opened.resolve(tx);
    })),
    finish: (commit) => finish(commit),
  };
  openTransactions.set(id, open);
  // A failed BEGIN never reached the callback: the begin and every statement behind it fail.
  open.ended.catch((error) => {
    if (started) return;
    openTransactions.delete(id);
    opened.reject(error);
  });
  return open.opened.then(() => undefined);
}

async function answer(request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const target = request.transaction === undefined ? pglite : await transactionOf(request.transaction);
      const result = await target.query(request.text, request.params);
      return reply({ id: request.id, ok: true, result: result.rows });
    }
    case 'exec': {
      const target = request.transaction === undefined ? pglite : await transactionOf(request.transaction);
      await target.exec(request.script);
      return reply({ id: request.id, ok: true, result: undefined });
    }
    case 'begin': {
      await begin(request.transaction);
      return reply({ id: request.id, ok: true, result: undefined });
    }
    case 'end': {
      const open = openTransactions.get(request.transaction);
      if (!open) throw new Error(`no open transaction ${request.transaction}`);
      await open.opened;
      open.finish(request.commit);
      try {
        await open.ended;
      } catch (error) {
        if (error !== rollbackRequested) throw error;
      } finally {
        openTransactions.delete(request.transaction);
      }
      return reply({ id: request.id, ok: true, result: undefined });
    }
    case 'dump': {
      const buffer = await (await pglite.dumpDataDir('gzip')).arrayBuffer();
      return reply({ id: request.id, ok: true, result: buffer }, [buffer]);
    }
    case 'close': {
      await pglite.close();
      return reply({ id: request.id, ok: true, result: undefined });
    }
  }
}
port.on('message', (request: ThreadRequest) => {
  answer(request).catch((error) => reply({ id: request.id, ok: false, error: describeError(error) }));
});
reply({ id: 0, ok: true, result: 'ready' });
