import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import msgpackParser from 'socket.io-msgpack-parser';
import { createSimulatorFeed, fallbackPrice, type SimulatorFeed } from '../feeds/simulator.ts';
import { loadCatalog } from '../instruments/catalog.ts';
import { createMarket, type Market } from '../marketService.ts';
import type { InstrumentSpec, MarketFeed, QuoteState } from '../model.ts';
import { attachQuoteStream } from '../stream/streamServer.ts';

// A small simulated market driven by hand (no timers), and a real socket.io server and
// clients around it, for stream tests.

export const testEpoch = Date.UTC(2026, 10, 23, 5, 0, 0); // 10:30 IST on a Monday

export function smallUniverse(): InstrumentSpec[] {
  const { instruments } = loadCatalog();
  const stocks = instruments.filter((spec) => spec.kind === 'equity' && spec.industry !== null && spec.currency === 'INR').slice(0, 12);
  const codes = new Set(stocks.map((spec) => spec.code));
  const index: InstrumentSpec = {
    ...instruments.find((spec) => spec.code === 'NIFTY50')!,
    constituents: stocks.map((spec) => ({ code: spec.code, weight: 1 / stocks.length })),
  };
  return [index, ...instruments.filter((spec) => codes.has(spec.code))];
}

export function simulatorFor(seed: number, instruments = smallUniverse()): SimulatorFeed {
  const prevCloses = new Map(instruments.map((spec) => [spec.code, spec.kind === 'index' ? 2_500_000 : fallbackPrice(spec)]));
  return createSimulatorFeed({ seed, calendar: 'always_open', instruments, prevCloses });
}

/** A market whose feed is stepped by the test: `step()` advances one simulated second and publishes a frame. */
export interface HandDrivenMarket {
  market: Market;
  feed: SimulatorFeed;
  /** One simulated second: the simulator's changes, published as a frame. */
  step: () => QuoteState[];
  /** Publishes `last` for `code` as the next trade, keeping the day's figures consistent. */
  trade: (code: string, last: number) => void;
}

export function handDrivenMarket(seed = 1, instruments?: InstrumentSpec[]): HandDrivenMarket {
  const simulator = simulatorFor(seed, instruments);
  let deliver: (quotes: QuoteState[]) => void = () => {};
  const feed: MarketFeed = { ...simulator, start: (onQuotes) => void (deliver = onQuotes), stop: () => {} };
  let time = testEpoch;
  const market = createMarket(feed, { now: () => time });
  market.start();
  const step = () => {
    time += 1000;
    const changed = simulator.stepAt(time).map((quote) => ({ ...quote }));
    deliver(changed);
    market.flush();
    return changed;
  };
  const trade = (code: string, last: number) => {
    const quote = market.quote(code);
    if (!quote) throw new Error(`no quote for ${code}`);
    time += 1000;
    deliver([{ ...quote, last, high: Math.max(quote.high, last), low: quote.low === 0 ? last : Math.min(quote.low, last), volume: quote.volume + 1, turnover: quote.turnover + last, time }]);
    market.flush();
  };
  return { market, feed: simulator, step, trade };
}

export interface StreamHarness {
  url: string;
  io: Server;
  stream: ReturnType<typeof attachQuoteStream>;
  client(): ClientSocket;
  close(): Promise<void>;
}

export async function startStreamHarness(market: Market): Promise<StreamHarness> {
  const http: HttpServer = createServer();
  const io = new Server(http, { parser: msgpackParser, serveClient: false });
  const stream = attachQuoteStream(io, market);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: ClientSocket[] = [];
  return {
    url,
    io,
    stream,
    client() {
      const socket = connect(url, { parser: msgpackParser, transports: ['websocket'], forceNew: true, reconnectionDelay: 50, reconnectionDelayMax: 100 });
      clients.push(socket);
      return socket;
    },
    async close() {
      for (const socket of clients) socket.disconnect();
      stream.close();
      await io.close();
    },
  };
}

/** Resolves with the next `event` payload on `socket`, or rejects after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: ClientSocket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
