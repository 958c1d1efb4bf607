import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStreamCluster } from '../../server/market/stream/cluster/streamCluster.ts';
import { clockTicksPerSecond, pageBytes, readProcTree } from '../loadtest/procTree.ts';
import { createBenchMarket } from './benchMarket.ts';
import { exitWithParent, recordFrames, reportResources, send } from './measure.ts';

// Multi-process phase server (child process): the production stream cluster as server/main.ts
// starts it with REDIS_URL (server/market/stream/cluster/): this process runs the bench market
// and publishes each frame once through the Redis adapter; STREAM_WORKERS forked stream workers
// take the websocket upgrades handed over from this port and fan out from their mirrors. No
// sessions (every connection sees every instrument), as in the single-process phase.
// CPU and RSS are the whole tree's (this process + the workers, from /proc), per second.

const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const workers = Number(process.env.STREAM_WORKERS ?? 2);
const market = createBenchMarket();
const http = createServer();
// Its own adapter channel: other clusters on the same Redis (a running server, the stream tests) must not mix frames into it.
const cluster = await startStreamCluster({ redisUrl, channel: `ledgerline-fanout-bench-${process.pid}`, workers, market, httpServer: http, log: { info: () => {}, warn: (message) => console.error(`cluster: ${message}`) } });
await cluster.whenReady();
// Registered after the cluster's publisher, so it times the frame's hand-off to Redis.
const frames = recordFrames(market);

process.on('message', (message: { type?: string; from?: number; to?: number }) => {
  if (message.type !== 'report') return;
  // Conflations happen in the workers; their counters are not collected here.
  send({ type: 'report', ...frames.report(message.from!, message.to!), conflations: Number.NaN, connections: Number.NaN, rejected: 0 });
});

exitWithParent(async () => {
  market.stop();
  await cluster.stop();
});

/** The tree's CPU over the last second, overriding the sample's own-process figures: main and workers apart too. */
function treeUsage() {
  let last = new Map<number, number>();
  let lastAt = performance.now();
  return () => {
    const at = performance.now();
    const tree = readProcTree(process.pid).filter((stat) => stat.name !== 'esbuild');
    const seconds = (at - lastAt) / 1000;
    const percentOf = (pid: number, ticks: number) => (last.has(pid) ? ((ticks - last.get(pid)!) / clockTicksPerSecond / seconds) * 100 : 0);
    const main = tree.filter((stat) => stat.pid === process.pid).reduce((sum, stat) => sum + percentOf(stat.pid, stat.cpuTicks), 0);
    const all = tree.reduce((sum, stat) => sum + percentOf(stat.pid, stat.cpuTicks), 0);
    last = new Map(tree.map((stat) => [stat.pid, stat.cpuTicks]));
    lastAt = at;
    return { cpuPercent: all, mainCpuPercent: main, workersCpuPercent: all - main, rssBytes: tree.reduce((sum, stat) => sum + stat.rssPages * pageBytes, 0), processes: tree.length };
  };
}

market.start();
http.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  send({ type: 'listening', port: (http.address() as AddressInfo).port, workers: cluster.readyWorkers() });
  reportResources(treeUsage());
});
