import { startStreamWorker } from './streamWorker.ts';

// The entry of a forked stream worker (streamCluster.ts starts it with LEDGERLINE_STREAM_REDIS_URL and LEDGERLINE_STREAM_CHANNEL).
// It lives as long as its main process: when the IPC channel closes, it ends.

const redisUrl = process.env.LEDGERLINE_STREAM_REDIS_URL;
const channel = process.env.LEDGERLINE_STREAM_CHANNEL;
if (!redisUrl || !channel || !process.send) {
  console.error('stream worker: start it through startStreamCluster (needs an IPC channel, LEDGERLINE_STREAM_REDIS_URL and LEDGERLINE_STREAM_CHANNEL)');
  process.exit(1);
}
const worker = await startStreamWorker({ redisUrl, channel, log: (message) => console.error(`stream worker ${process.pid}: ${message}`) });
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => {
  worker.close().then(() => process.exit(0), () => process.exit(1));
});
