// The benchmark server (server.ts) as a child process, shared by the order bench (run.ts) and
// the IPO closing-minute bench (bench/ipoClosing.ts): fork it, wait for its IPC messages, and
// on the way out stop every child and drop every throwaway database, even on Ctrl-C.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase } from './databases.ts';
import type { ServerMessage } from './server.ts';

const children = new Set<ChildProcess>();
/** Databases to drop at the end; pgbench's are tracked here too. */
export const benchDatabases = new Set<string>();
let exiting = false;

export async function cleanupBench(): Promise<void> {
  await Promise.all([...children].map((child) => new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(timer); done(); });
    child.kill('SIGTERM');
  })));
  for (const name of benchDatabases) await dropDatabase(name).catch((error) => console.error(`drop ${name}: ${error.message}`));
  benchDatabases.clear();
}

/** Ctrl-C or a kill: stop the children and drop the databases before exiting. */
export function cleanupOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (exiting) return;
      exiting = true;
      console.error(`\n${signal}: stopping the server child and dropping benchmark databases…`);
      void cleanupBench().finally(() => process.exit(130));
    });
  }
}

export const isExiting = () => exiting;

function nextMessage<T extends ServerMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<ServerMessage, { type: T }>> {
  return new Promise((resolveMessage, reject) => {
    const timer = setTimeout(() => done(new Error(`server child: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: ServerMessage) => message.type === type && done(null, message);
    const onExit = (code: number | null) => done(new Error(`server child exited (${code}) before '${type}'`));
    const done = (error: Error | null, message?: ServerMessage) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolveMessage(message as Extract<ServerMessage, { type: T }>);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export interface ServerChildOptions {
  engine: 'postgres' | 'pglite';
  users: number;
  /** Folder for a .cpuprofile of the server, written when it exits. */
  profileDir?: string;
  /** Extra environment for server.ts (e.g. BENCH_IPO=1: one open IPO issue). */
  env?: Record<string, string>;
}

export async function startServerChild(options: ServerChildOptions) {
  const databaseName = options.engine === 'postgres' ? `ledgerline_bench_orders_${randomBytes(5).toString('hex')}` : '';
  if (databaseName) benchDatabases.add(databaseName);
  // fork() inherits tsx's loader through execArgv; --cpu-prof writes a .cpuprofile when the child exits.
  const execArgv = options.profileDir ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${resolve(options.profileDir)}`] : process.execArgv;
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...options.env, BENCH_ENGINE: options.engine, BENCH_USERS: String(options.users), BENCH_DATABASE: databaseName },
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.on('error', (error) => console.error(`server child: ${error.message}`));
  const ready = await nextMessage(child, 'ready', 600_000);
  const usage = async () => {
    child.send({ type: 'usage' });
    return nextMessage(child, 'usage', 10_000);
  };
  const stop = async () => {
    child.send({ type: 'stop' });
    await nextMessage(child, 'stopped', 60_000).catch((error) => console.error(error.message));
    if (databaseName) benchDatabases.delete(databaseName);
  };
  return { ready, usage, stop, databaseName };
}
