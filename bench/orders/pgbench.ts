// The database ceiling on this machine: pgbench's built-in TPC-B-like script (five
// statements, three row updates per transaction) on a throwaway database on the same
// PostgreSQL server the order benchmark uses.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { adminUrl, createDatabase, dropDatabase } from './databases.ts';

export interface PgbenchResult { tps: number; latencyMs: number; clients: number; seconds: number }

export function findPgbench(): string {
  for (const candidate of ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench']) if (existsSync(candidate)) return candidate;
  return 'pgbench';
}

function run(binary: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`pgbench ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

/** Creates, benches and drops its own database; `track` lets the caller drop it on Ctrl-C. */
export async function runPgbench(options: { clients: number; seconds: number; scale: number; track: (name: string, exists: boolean) => void }): Promise<PgbenchResult> {
  const name = `ledgerline_bench_pgbench_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  options.track(name, true);
  await createDatabase(name);
  try {
    const binary = findPgbench();
    const connection = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
    await run(binary, [...connection, '-i', '-q', '-s', String(options.scale), name]);
    const output = await run(binary, [...connection, '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), name]);
    const tps = /tps = ([\d.]+)/.exec(output);
    const latency = /latency average = ([\d.]+) ms/.exec(output);
    if (!tps || !latency) throw new Error(`pgbench: could not read tps/latency from:\n${output}`);
    return { tps: Number(tps[1]), latencyMs: Number(latency[1]), clients: options.clients, seconds: options.seconds };
  } finally {
    await dropDatabase(name);
    options.track(name, false);
  }
}

/** CPU seconds used so far by every process named postgres (the server's backends, checkpointer, WAL writer…). */
export function postgresCpuSeconds(): number {
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.startsWith(`${entry} (postgres) `)) continue;
      // After "pid (name) " come state, then …; utime and stime are the 14th and 15th fields of the line.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / ticksPerSecond;
}
