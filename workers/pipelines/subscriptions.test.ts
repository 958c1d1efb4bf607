// Proves the server always holds what the app wants: ordered diffs while connected, the whole set after each reconnect.
import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { planSubscriptionCommands, serverSubscriptionFor, subscriptionCommands } from './subscriptions.ts';

describe('planSubscriptionCommands', () => {
  it('codes-to-board: joins the board before dropping the codes it covers', () => {
    expect(planSubscriptionCommands({ board: true, codes: [] }, { board: false, codes: ['INFY', 'TCS'] })).toEqual([
      { event: 'subscribe', codes: ['*'] },
      { event: 'unsubscribe', codes: ['INFY', 'TCS'] },
    ]);
  });

  it('board-to-codes: takes the codes back before leaving the board', () => {
    expect(planSubscriptionCommands({ board: false, codes: ['INFY'] }, { board: true, codes: [] })).toEqual([
      { event: 'subscribe', codes: ['INFY'] },
      { event: 'unsubscribe', codes: ['*'] },
    ]);
  });

  it('codes-to-codes: drops before adding so the per-connection limit holds throughout', () => {
    expect(planSubscriptionCommands({ board: false, codes: ['TCS', 'SBIN'] }, { board: false, codes: ['INFY', 'TCS'] })).toEqual([
      { event: 'unsubscribe', codes: ['INFY'] },
      { event: 'subscribe', codes: ['SBIN'] },
    ]);
  });

  it('over-the-limit: keeps the first codes wanted, never asks the server for more than it allows', () => {
    expect(serverSubscriptionFor(new Set(['A', 'B', 'C']), 2)).toEqual({ board: false, codes: ['A', 'B'] });
    expect(serverSubscriptionFor(new Set(['A', '*']), 2)).toEqual({ board: true, codes: [] });
  });
});

describe('subscriptionCommands', () => {
  it('reconnect-resubscribes: every connect re-sends the whole current set; changes between are throttled diffs', () => {
    const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    testScheduler.run(({ hot, expectObservable }) => {
      const desired$ = new BehaviorSubject<ReadonlySet<string>>(new Set(['INFY', 'TCS']));
      hot('50ms a 9ms b 289ms c', {
        a: new Set(['INFY', 'TCS', 'SBIN']),
        b: new Set(['INFY', 'TCS', 'SBIN', '*']),
        c: new Set(['INFY']),
      }).subscribe(desired$);
      const connected$ = hot('10ms t 289ms f 99ms t', { t: true, f: false });
      const sub = (...codes: string[]) => ({ event: 'subscribe', codes });
      const unsub = (...codes: string[]) => ({ event: 'unsubscribe', codes });
      // connect@10: the whole set. a@50 and b@60 fall in the window 10–210: only b goes, at 210.
      // Disconnect@300 sends nothing (the server dropped everything); c@350 waits for the connection;
      // reconnect@400 sends c's set from scratch.
      expectObservable(subscriptionCommands(connected$, desired$, { scheduler: testScheduler, flushMs: 200 })).toBe('10ms a 199ms (bc) 186ms d', {
        a: sub('INFY', 'TCS'),
        b: sub('*'),
        c: unsub('INFY', 'TCS'),
        d: sub('INFY'),
      });
    });
  });
});
