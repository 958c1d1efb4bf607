import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import msgpackParser from 'socket.io-msgpack-parser';
import { attachQuoteStream } from '../../server/market/stream/streamServer.ts';
import { createBenchMarket } from './benchMarket.ts';
import { exitWithParent, recordFrames, reportResources, send } from './measure.ts';

// Phase 1 server (child process): the production stream exactly as server/app.ts wires
// it (socket.io + msgpack parser + attachQuoteStream over createMarket frames), fed by
// the bench market, on 127.0.0.1 only.

const market = createBenchMarket();
const http = createServer();
const io = new Server(http, { parser: msgpackParser, serveClient: false });
const stream = attachQuoteStream(io, market);

// Registered after attachQuoteStream's listener, so it runs once the broadcast has been handed to the sockets.
const frames = recordFrames(market);

process.on('message', (message: { type?: string; from?: number; to?: number }) => {
  if (message.type !== 'report') return;
  const stats = stream.stats();
  const rejected = stats.invalidMessages + stats.unknownInstruments + stats.tooManySymbols + stats.rateLimited;
  send({ type: 'report', ...frames.report(message.from!, message.to!), conflations: stats.conflations, connections: stats.connections, rejected });
});

exitWithParent(async () => {
  market.stop();
  stream.close();
  await io.close();
});

market.start();
// A deep accept backlog: the clients ramp thousands of connections per second (the kernel caps it at somaxconn).
http.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  send({ type: 'listening', port: (http.address() as AddressInfo).port });
  reportResources(() => ({ connections: stream.stats().connections }));
});
