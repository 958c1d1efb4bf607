import { asyncScheduler, Observable, type OperatorFunction, type SchedulerLike, type Subscription } from 'rxjs';
import type { StreamQuote } from '../../contract/market.ts';

/** One display frame at 60 Hz. */
export const displayFrameMs = 16;

/**
 * Conflates batches of quotes to at most one emission per `frameMs`: the first change
 * after a quiet period opens a frame, every change until it closes is merged by code
 * (the latest value wins), and the frame emits only the codes that changed in it. Nothing
 * runs while the stream is quiet, unlike bufferTime's ever-ticking interval.
 */
export function conflateByCode(frameMs: number = displayFrameMs, scheduler: SchedulerLike = asyncScheduler): OperatorFunction<readonly StreamQuote[], StreamQuote[]> {
  return (batches) =>
    new Observable<StreamQuote[]>((subscriber) => {
      let pending = new Map<string, StreamQuote>();
      let frame: Subscription | null = null;
      const flush = () => {
        frame = null;
        const quotes = [...pending.values()];
        pending = new Map();
        subscriber.next(quotes);
      };
      const upstream = batches.subscribe({
        next(quotes) {
          for (const quote of quotes) pending.set(quote[0], quote);
          if (frame === null && pending.size > 0) frame = scheduler.schedule(flush, frameMs);
        },
        error: (error: unknown) => subscriber.error(error),
        complete() {
          frame?.unsubscribe();
          if (pending.size > 0) flush();
          subscriber.complete();
        },
      });
      return () => {
        upstream.unsubscribe();
        frame?.unsubscribe();
      };
    });
}
