import {
  asyncScheduler,
  BehaviorSubject,
  distinctUntilChanged,
  EMPTY,
  filter,
  map,
  merge,
  type Observable,
  type SchedulerLike,
  scan,
  share,
  startWith,
  Subscription,
  switchMap,
  tap,
  throttleTime,
} from 'rxjs';
import { allInstrumentsBoard, type FeedSource, type StreamError, type StreamQuote, type StreamSnapshot, type TickFrame } from '../contract/market.ts';
import { conflateByCode, displayFrameMs } from './pipelines/conflate.ts';
import { type ConnectionEvent, initialConnection, reduceConnection } from './pipelines/connectionState.ts';
import { computeIndustries } from './pipelines/industries.ts';
import { type BookUpdate, latestQuotes } from './pipelines/latestQuotes.ts';
import type { InstrumentIndex } from './pipelines/quoteMath.ts';
import { liveRankings, rankingIntervalMs } from './pipelines/rankings.ts';
import { subscriptionCommands, type SubscriptionCommand } from './pipelines/subscriptions.ts';
import { CodeTable, encodeQuoteFrame, type EngineMessage, type WorkerToMainMessage } from './quoteStreamProtocol.ts';

// The worker's logic without its I/O: socket events come in as an Observable, messages
// for the server and the main thread go out through two callbacks. The worker file binds
// these to socket.io and postMessage; tests bind them to marbles and arrays.

export type SocketEvent =
  | ConnectionEvent
  | { type: 'snapshot'; snapshot: StreamSnapshot }
  | { type: 'ticks'; frame: TickFrame }
  | { type: 'source'; source: FeedSource }
  | { type: 'streamError'; error: StreamError };

export const engineTimings = {
  frameMs: displayFrameMs,
  rankingIntervalMs,
  /** Industries change slowly to the eye; once a second is plenty. (VIP analytics come from the server, to VIP sessions only.) */
  analyticsIntervalMs: 1000,
} as const;

export type QuoteEngineOptions = {
  socketEvents: Observable<SocketEvent>;
  sendToServer: (command: SubscriptionCommand) => void;
  post: (message: WorkerToMainMessage, transfer?: Transferable[]) => void;
  scheduler?: SchedulerLike;
};

export function startQuoteEngine(options: QuoteEngineOptions) {
  const { sendToServer, post, scheduler = asyncScheduler } = options;
  const events = options.socketEvents.pipe(share());
  const desired = new Set<string>();
  const desired$ = new BehaviorSubject<ReadonlySet<string>>(new Set());
  const instruments$ = new BehaviorSubject<InstrumentIndex>(new Map());
  const codeTable = new CodeTable();
  const running = new Subscription();

  const connectionEvents = events.pipe(filter((event): event is ConnectionEvent => event.type === 'connect' || event.type === 'disconnect' || event.type === 'connectError' || event.type === 'network'));
  running.add(
    connectionEvents
      .pipe(
        scan(reduceConnection, initialConnection),
        map((model) => model.state),
        startWith(initialConnection.state),
        distinctUntilChanged(),
      )
      .subscribe((state) => post({ type: 'connection', state })),
  );

  const connected$ = connectionEvents.pipe(
    filter((event) => event.type === 'connect' || event.type === 'disconnect'),
    map((event) => event.type === 'connect'),
  );
  running.add(subscriptionCommands(connected$, desired$, { scheduler }).subscribe(sendToServer));

  let oldestPendingSentAt: number | null = null;
  let postedSource = '';
  const postSource = (source: FeedSource) => {
    const key = JSON.stringify(source);
    if (key === postedSource) return;
    postedSource = key;
    post({ type: 'source', source });
  };
  running.add(
    events.subscribe((event) => {
      if (event.type === 'snapshot') {
        postSource(event.snapshot.source);
        post({ type: 'phase', phase: event.snapshot.phase });
      } else if (event.type === 'source') postSource(event.source);
      else if (event.type === 'streamError') post({ type: 'streamError', error: event.error });
      else if (event.type === 'ticks' && (oldestPendingSentAt === null || event.frame.sentAt < oldestPendingSentAt)) oldestPendingSentAt = event.frame.sentAt;
    }),
  );

  // Read by the analytics when a throttle lets a recomputation through: always the newest.
  let latest: BookUpdate | null = null;
  const bookUpdates = events.pipe(
    map((event): readonly StreamQuote[] | null => (event.type === 'snapshot' ? event.snapshot.quotes : event.type === 'ticks' ? event.frame.quotes : null)),
    filter((quotes): quotes is readonly StreamQuote[] => quotes !== null && quotes.length > 0),
    latestQuotes(),
    tap((update) => (latest = update)),
    share(),
  );

  running.add(
    bookUpdates
      .pipe(
        map((update) => update.changed),
        conflateByCode(engineTimings.frameMs, scheduler),
      )
      .subscribe((quotes) => {
        const message = encodeQuoteFrame(quotes, codeTable);
        message.oldestSentAt = oldestPendingSentAt;
        oldestPendingSentAt = null;
        post(message, [message.fields.buffer]);
      }),
  );

  // Analytics only make sense over the whole board; with a handful of watched codes they
  // would be rankings of whatever happens to be on screen.
  const boardWanted$ = desired$.pipe(
    map((codes) => codes.has(allInstrumentsBoard)),
    distinctUntilChanged(),
  );
  const analyticsInputs = boardWanted$.pipe(
    switchMap((wanted) => (wanted ? merge(bookUpdates, instruments$) : EMPTY)),
    filter(() => latest !== null),
    map(() => ({ update: latest as BookUpdate, instruments: instruments$.value })),
    share(),
  );
  running.add(
    analyticsInputs
      .pipe(
        map(({ update, instruments }) => ({ book: update.book, instruments })),
        liveRankings({ scheduler }),
      )
      .subscribe((rankings) => post({ type: 'rankings', rankings })),
  );
  running.add(
    analyticsInputs
      .pipe(
        throttleTime(engineTimings.analyticsIntervalMs, scheduler, { leading: true, trailing: true }),
      )
      .subscribe(({ update, instruments }) => {
        const heatmap = computeIndustries(update.book, instruments);
        postIfChanged('industries', heatmap, (industries) => ({ type: 'industries', industries }));
      }),
  );

  const postedAnalytics = new Map<string, string>();
  function postIfChanged<T>(key: string, value: T, message: (value: T) => WorkerToMainMessage): void {
    // A few dozen industries and forty list rows: comparing their JSON is cheaper than the render it saves.
    const json = JSON.stringify(value);
    if (postedAnalytics.get(key) === json) return;
    postedAnalytics.set(key, json);
    post(message(value));
  }

  return {
    receive(message: EngineMessage): void {
      if (message.type === 'instruments') {
        instruments$.next(new Map(message.instruments.map((instrument) => [instrument.code, instrument])));
        return;
      }
      for (const code of message.remove) desired.delete(code);
      for (const code of message.add) desired.add(code);
      desired$.next(new Set(desired));
    },
    stop(): void {
      running.unsubscribe();
    },
  };
}
