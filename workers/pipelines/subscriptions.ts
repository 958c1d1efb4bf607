import { distinctUntilChanged, EMPTY, map, mergeMap, type Observable, scan, type SchedulerLike, switchMap, throttleTime } from 'rxjs';
import { allInstrumentsBoard, streamLimits } from '../../contract/market.ts';

// Turns the set of codes the app wants into subscribe/unsubscribe messages for the server.
//
// The server forgets subscriptions when a connection drops, so every (re)connect starts
// from "the server has nothing" and re-sends the whole set; the server answers with fresh
// snapshots. Between connects only differences are sent, throttled so a page switch that
// unmounts and mounts lists costs one round of messages, well inside the server's budget
// of `streamLimits.maxMessagesPerSecond` (at most 3 messages per 200 ms flush: 15 a second).

export const subscriptionFlushMs = 200;

export type SubscriptionCommand = { event: 'subscribe' | 'unsubscribe'; codes: string[] };
/** What the server should hold: the board covers every code, so codes ride alone otherwise. */
export type ServerSubscription = { board: boolean; codes: readonly string[] };

const nothing: ServerSubscription = { board: false, codes: [] };

/**
 * The board makes individual codes redundant. Past the server's per-connection limit the
 * newest codes wait (the set keeps insertion order): better than the server refusing all.
 */
export function serverSubscriptionFor(desired: ReadonlySet<string>, maxCodes: number = streamLimits.maxSymbolsPerConnection): ServerSubscription {
  if (desired.has(allInstrumentsBoard)) return { board: true, codes: [] };
  return { board: false, codes: [...desired].slice(0, maxCodes) };
}

/**
 * Orders the messages so no frame is missed: the board is joined before the codes it
 * covers are dropped and left only after they are back; codes are dropped before new
 * ones are added so the server's limit is never crossed in between.
 */
export function planSubscriptionCommands(target: ServerSubscription, held: ServerSubscription): SubscriptionCommand[] {
  const commands: SubscriptionCommand[] = [];
  if (target.board && !held.board) commands.push({ event: 'subscribe', codes: [allInstrumentsBoard] });
  const targetCodes = new Set(target.codes);
  const heldCodes = new Set(held.codes);
  const removed = held.codes.filter((code) => !targetCodes.has(code));
  const added = target.codes.filter((code) => !heldCodes.has(code));
  if (removed.length > 0) commands.push({ event: 'unsubscribe', codes: removed });
  if (added.length > 0) commands.push({ event: 'subscribe', codes: added });
  if (!target.board && held.board) commands.push({ event: 'unsubscribe', codes: [allInstrumentsBoard] });
  return commands;
}

/**
 * `desired$` must hand its current value to each new subscriber (a BehaviorSubject): it
 * is re-subscribed on every connect to re-send the whole set.
 */
export function subscriptionCommands(
  connected$: Observable<boolean>,
  desired$: Observable<ReadonlySet<string>>,
  options: { scheduler: SchedulerLike; flushMs?: number; maxCodes?: number },
): Observable<SubscriptionCommand> {
  const { scheduler, flushMs = subscriptionFlushMs, maxCodes } = options;
  return connected$.pipe(
    distinctUntilChanged(),
    switchMap((connected) =>
      !connected
        ? EMPTY
        : desired$.pipe(
            throttleTime(flushMs, scheduler, { leading: true, trailing: true }),
            map((desired) => serverSubscriptionFor(desired, maxCodes)),
            scan(
              (state: { held: ServerSubscription; commands: SubscriptionCommand[] }, target: ServerSubscription) => ({
                held: target,
                commands: planSubscriptionCommands(target, state.held),
              }),
              { held: nothing, commands: [] },
            ),
            mergeMap((state) => state.commands),
          ),
    ),
  );
}
