// Proves the engine end to end on marbles: resubscribe on reconnect, connection states, conflated frames, rankings.
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { StreamSnapshot, TickFrame } from '../contract/market.ts';
import { type SocketEvent, startQuoteEngine } from './quoteEngine.ts';
import type { SubscriptionCommand } from './pipelines/subscriptions.ts';
import { decodeQuoteFrame, type WorkerToMainMessage } from './quoteStreamProtocol.ts';
import { equity, indexInstrument, streamQuote } from './testing/quoteFixtures.ts';

const source = { kind: 'simulated', date: null, calendar: 'ist' } as const;
const snapshot = (quotes: StreamSnapshot['quotes']): SocketEvent => ({ type: 'snapshot', snapshot: { source, phase: 'open', quotes } });
const ticks = (quotes: TickFrame['quotes']): SocketEvent => ({ type: 'ticks', frame: { sentAt: 0, quotes } });

function runEngine(marbles: string, events: Record<string, SocketEvent>) {
  const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  const posted: { at: number; message: WorkerToMainMessage; transfer: Transferable[] }[] = [];
  const sent: { at: number; command: SubscriptionCommand }[] = [];
  testScheduler.run(({ hot }) => {
    const engine = startQuoteEngine({
      socketEvents: hot(marbles, events),
      sendToServer: (command) => sent.push({ at: testScheduler.now(), command }),
      post: (message, transfer = []) => posted.push({ at: testScheduler.now(), message, transfer }),
      scheduler: testScheduler,
    });
    engine.receive({ type: 'instruments', instruments: [equity('INFY', 'IT'), equity('TCS', 'IT'), indexInstrument('NIFTY50')] });
    engine.receive({ type: 'subscriptions', add: ['*'], remove: [] });
    testScheduler.schedule(() => engine.stop(), 1000);
  });
  return { posted, sent };
}

describe('quote engine', () => {
  it('board-session-with-a-reconnect: resubscribes, reports the connection, posts frames and rankings', () => {
    const { posted, sent } = runEngine('10ms c 9ms s 9ms t 69ms d 99ms c 9ms r', {
      c: { type: 'connect' },
      s: snapshot([streamQuote('INFY', 1010), streamQuote('TCS', 990), streamQuote('NIFTY50', 2000)]),
      t: ticks([streamQuote('INFY', 1020)]),
      d: { type: 'disconnect', willRetry: true },
      r: snapshot([streamQuote('INFY', 1020), streamQuote('TCS', 980), streamQuote('NIFTY50', 2000)]),
    });

    // The server forgot the board on disconnect: it is asked for again on reconnect.
    expect(sent).toEqual([
      { at: 10, command: { event: 'subscribe', codes: ['*'] } },
      { at: 200, command: { event: 'subscribe', codes: ['*'] } },
    ]);

    const connection = posted.filter((entry) => entry.message.type === 'connection').map((entry) => [entry.at, entry.message.type === 'connection' && entry.message.state]);
    expect(connection).toEqual([
      [0, 'connecting'],
      [10, 'live'],
      [100, 'reconnecting'],
      [200, 'live'],
    ]);

    // Snapshot@20 and ticks@30 share the frame that closes at 36; the repeat snapshot@210 sends only TCS, which moved.
    const codes: string[] = [];
    const frames = posted.flatMap((entry) => {
      if (entry.message.type !== 'quotes') return [];
      const { message } = entry;
      expect(entry.transfer).toEqual([message.fields.buffer]);
      const quotes: string[] = [];
      decodeQuoteFrame(message, codes, (code, fields, offset) => quotes.push(`${code}@${fields[offset + 1]}`));
      return [{ at: entry.at, quotes }];
    });
    expect(frames).toEqual([
      { at: 36, quotes: ['INFY@1020', 'TCS@990', 'NIFTY50@2000'] },
      { at: 226, quotes: ['TCS@980'] },
    ]);

    const rankings = posted.filter((entry) => entry.message.type === 'rankings').map((entry) => ({ at: entry.at, ...(entry.message.type === 'rankings' ? entry.message.rankings : {}) }));
    expect(rankings[0]).toEqual({ at: 20, gainers: ['INFY', 'TCS'], losers: ['TCS', 'INFY'], active: ['INFY', 'TCS'], turnover: ['INFY', 'TCS'] });

    const meta = posted.filter((entry) => entry.message.type === 'source' || entry.message.type === 'phase').map((entry) => entry.message.type);
    // The source is posted once (it did not change), the phase with every snapshot.
    expect(meta).toEqual(['source', 'phase', 'phase']);

    const industries = posted.find((entry) => entry.message.type === 'industries');
    expect(industries?.message).toMatchObject({ type: 'industries', industries: [{ industry: 'IT', advancers: 1, decliners: 1 }] });
  });

  it('watch-list-only: no board, no analytics', () => {
    const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    const posted: WorkerToMainMessage['type'][] = [];
    const sent: SubscriptionCommand[] = [];
    testScheduler.run(({ hot }) => {
      const engine = startQuoteEngine({
        socketEvents: hot('c-s', { c: { type: 'connect' }, s: snapshot([streamQuote('INFY', 1010)]) }),
        sendToServer: (command) => sent.push(command),
        post: (message) => posted.push(message.type),
        scheduler: testScheduler,
      });
      engine.receive({ type: 'instruments', instruments: [equity('INFY')] });
      engine.receive({ type: 'subscriptions', add: ['INFY'], remove: [] });
    });
    expect(sent).toEqual([{ event: 'subscribe', codes: ['INFY'] }]);
    expect(posted).toEqual(['connection', 'connection', 'source', 'phase', 'quotes']);
  });
});
