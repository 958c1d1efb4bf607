import type { ProcessUsage } from './procTree.ts';

// What one mode of the load test measured, and the side-by-side table the run prints: one
// column per mode (one process, then each STREAM_WORKERS count), one row per figure, so each
// multi-process figure sits beside its same-run single-process baseline. Pure: unit-tested.

export interface ModeResult {
  name: string;
  /** Stream workers (0: the single-process default). */
  workers: number;
  ready: number;
  clients: number;
  /** Ticks the clients should have received in the window (each audience's share of what the observer saw × its members). */
  expectedTicksPerSecond: number;
  deliveredTicksPerSecond: number;
  framesPublishedPerSecond: number;
  tickP50Ms: number;
  tickP99Ms: number;
  ordersSent: number;
  ordersOk: number;
  ordersShed: number;
  orderP50Ms: number;
  orderP99Ms: number;
  refusals: Record<string, number>;
  streamErrors: Record<string, number>;
  server: ProcessUsage[];
  clientCpuPercent: number;
  /** Every postgres process on the machine (other databases' work included): where the orders commit. */
  postgresCpuPercent: number;
  /** Other processes' load on the shared machine, before and after the phase. */
  loadBefore: number;
  loadAfter: number;
  /** Per currency, sum of all postings (minor units, as text): each must be "0". */
  ledgerSums: Record<string, string>;
  ledgerProblems: string[];
}

export const ledgerBalanced = (result: Pick<ModeResult, 'ledgerSums' | 'ledgerProblems'>): boolean =>
  result.ledgerProblems.length === 0 && Object.values(result.ledgerSums).every((sum) => sum === '0');

const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-');
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');
const percent = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} %` : '-');
const keyed = (counts: Record<string, number>) => {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return entries.length === 0 ? 'none' : entries.map(([key, count]) => `${key} ×${count}`).join(', ');
};

export function sideBySide(results: readonly ModeResult[]): string {
  const serverCpu = (r: ModeResult) => r.server.reduce((sum, process) => sum + process.cpuPercent, 0);
  const rows: [string, (r: ModeResult) => string][] = [
    ['stream clients ready', (r) => `${int(r.ready)}/${int(r.clients)}`],
    ['frames published/s', (r) => int(r.framesPublishedPerSecond)],
    ['expected ticks/s', (r) => int(r.expectedTicksPerSecond)],
    ['delivered ticks/s', (r) => `${int(r.deliveredTicksPerSecond)} (${r.expectedTicksPerSecond > 0 ? ((r.deliveredTicksPerSecond / r.expectedTicksPerSecond) * 100).toFixed(1) : '-'} %)`],
    ['tick-to-receive p50 / p99', (r) => `${ms(r.tickP50Ms)} / ${ms(r.tickP99Ms)}`],
    ['orders ok / sent (shed)', (r) => `${int(r.ordersOk)} / ${int(r.ordersSent)} (${int(r.ordersShed)})`],
    ['order p50 / p99', (r) => `${ms(r.orderP50Ms)} / ${ms(r.orderP99Ms)}`],
    ['refusals', (r) => keyed(r.refusals)],
    ['stream errors', (r) => keyed(r.streamErrors)],
    ['server CPU, all processes', (r) => percent(serverCpu(r))],
    ...serverProcessRows(results),
    ['delivered ticks per server CPU-s', (r) => int(r.deliveredTicksPerSecond / (serverCpu(r) / 100))],
    ['client processes CPU', (r) => percent(r.clientCpuPercent)],
    ['PostgreSQL CPU (machine-wide)', (r) => percent(r.postgresCpuPercent)],
    ['load average before / after', (r) => `${r.loadBefore.toFixed(2)} / ${r.loadAfter.toFixed(2)}`],
    ['ledger: postings per currency', (r) => Object.entries(r.ledgerSums).map(([currency, sum]) => `${currency} ${sum}`).join(', ') || 'no postings'],
    ['ledger check', (r) => (ledgerBalanced(r) ? 'balanced' : `FAILED: ${r.ledgerProblems.join('; ') || 'a currency does not sum to 0'}`)],
  ];
  const header = ['', ...results.map((r) => r.name)];
  const table = [header, ...rows.map(([label, cell]) => [label, ...results.map(cell)])];
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...table.slice(1).map(line)].join('\n');
}

/** One row per server process role (main, worker 1, …), CPU and peak RSS; '-' where a mode has no such process. */
function serverProcessRows(results: readonly ModeResult[]): [string, (r: ModeResult) => string][] {
  const roles = [...new Set(results.flatMap((r) => r.server.map((process) => process.role)))];
  return roles.map((role) => [
    `  ${role}: CPU / peak RSS`,
    (r: ModeResult) => {
      const found = r.server.filter((process) => process.role === role);
      if (found.length === 0) return '-';
      return found.map((process) => `${percent(process.cpuPercent)} / ${process.maxRssMb.toFixed(0)} MB`).join(', ');
    },
  ]);
}
