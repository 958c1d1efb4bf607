import { readdirSync, readFileSync } from 'node:fs';

// CPU and memory of the server's whole process tree (main process + stream workers), read
// from /proc, since server/main.ts is the production entry point and reports nothing itself.
// Linux only; elsewhere the figures read as unavailable rather than wrong.

export interface ProcStat {
  pid: number;
  ppid: number;
  name: string;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
  rssPages: number;
}

/** Clock ticks per second (USER_HZ) and page size: what every Linux build this runs on uses. */
export const clockTicksPerSecond = 100;
export const pageBytes = 4096;

/** Parses /proc/<pid>/stat; the name is in parentheses and may itself hold spaces or parentheses. */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const fields = text.slice(close + 2).trim().split(/\s+/);
  // After the name: state(0) ppid(1) … utime(11) stime(12) … rss(21).
  const number = (index: number) => Number(fields[index]);
  const stat = { pid: Number(text.slice(0, open).trim()), ppid: number(1), name: text.slice(open + 1, close), cpuTicks: number(11) + number(12), rssPages: number(21) };
  return Object.values(stat).every((value) => typeof value === 'string' || Number.isFinite(value)) ? stat : null;
}

/** `root` and its descendants, parents before children. */
export function descendantsOf(root: number, stats: readonly ProcStat[]): ProcStat[] {
  const byParent = new Map<number, ProcStat[]>();
  for (const stat of stats) byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), stat]);
  const tree: ProcStat[] = [];
  const queue = stats.filter((stat) => stat.pid === root);
  while (queue.length > 0) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(byParent.get(next.pid) ?? []).sort((a, b) => a.pid - b.pid));
  }
  return tree;
}

export function readProcTree(root: number): ProcStat[] {
  return descendantsOf(root, readAllProcs());
}

function readAllProcs(): ProcStat[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const stats: ProcStat[] = [];
  for (const pid of pids) {
    try {
      const stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (stat) stats.push(stat);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return stats;
}

/** CPU of every PostgreSQL process on the machine (percent of one core) between start and stop(): the database the orders commit to. */
export function samplePostgres() {
  const ticks = () => readAllProcs().filter((stat) => stat.name === 'postgres').reduce((sum, stat) => sum + stat.cpuTicks, 0);
  const startTicks = ticks();
  const startAt = performance.now();
  // Processes that end in between (a backend closing) take their ticks with them: a lower bound.
  return { stop: () => ((ticks() - startTicks) / clockTicksPerSecond / ((performance.now() - startAt) / 1000)) * 100 };
}

export interface ProcessUsage {
  pid: number;
  /** 'main' for the root, 'worker 1'… for its node children, else the process name (tsx's esbuild, say). */
  role: string;
  cpuPercent: number;
  maxRssMb: number;
}

/** Samples a process tree between start() and stop(): CPU over the span (percent of one core) and peak RSS. */
export function sampleProcTree(root: number, everyMs = 1000) {
  const first = new Map<number, { ticks: number; at: number }>();
  const last = new Map<number, { ticks: number; at: number; stat: ProcStat }>();
  const peakRss = new Map<number, number>();
  const take = () => {
    const at = performance.now();
    // tsx's esbuild service is the TypeScript loader's, not the server's: left out.
    for (const stat of readProcTree(root).filter((stat) => stat.name !== 'esbuild')) {
      if (!first.has(stat.pid)) first.set(stat.pid, { ticks: stat.cpuTicks, at });
      last.set(stat.pid, { ticks: stat.cpuTicks, at, stat });
      peakRss.set(stat.pid, Math.max(peakRss.get(stat.pid) ?? 0, stat.rssPages));
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop(): ProcessUsage[] {
      take();
      clearInterval(timer);
      let worker = 0;
      return [...last.values()].map(({ ticks, at, stat }) => {
        const start = first.get(stat.pid)!;
        const seconds = (at - start.at) / 1000;
        const role = stat.pid === root ? 'main' : stat.name.startsWith('node') || stat.name.includes('MainThread') ? `worker ${++worker}` : stat.name;
        return { pid: stat.pid, role, cpuPercent: seconds > 0 ? ((ticks - start.ticks) / clockTicksPerSecond / seconds) * 100 : 0, maxRssMb: (peakRss.get(stat.pid)! * pageBytes) / 2 ** 20 };
      });
    },
  };
}
