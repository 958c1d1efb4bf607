import type { SessionPhase, StreamQuote, TickFrame } from '../../../../contract/market.ts';
import type { Market } from '../../marketService.ts';
import type { InstrumentSpec } from '../../model.ts';
import { fromStreamQuote } from '../../streamQuote.ts';
import type { ClusterFrame, MarketSnapshot } from './protocol.ts';

// A stream worker's copy of the market: what the stream code reads (instruments, the latest
// quote of each, the phase, the source) kept from a snapshot and then the feed's frames, and
// the same onFrame the stream's fan-out listens to. It has no feed of its own: start, stop
// and list do nothing. A frame out of sequence means one was missed: `apply` says so and
// the worker asks for a fresh snapshot (the frames before it hold nothing the snapshot lacks).

export interface MirrorMarket extends Market {
  /** Replaces everything with the snapshot's state. */
  load(snapshot: MarketSnapshot): void;
  /** Applies and republishes a frame; 'gap' when frames were missed (ask for a snapshot), 'stale' when the snapshot already holds it. */
  apply(message: ClusterFrame): 'applied' | 'stale' | 'gap';
}

export function createMirrorMarket(first: MarketSnapshot): MirrorMarket {
  // Tuples as they arrive: turned into quote states only when read (snapshots, VIP analytics), not per tick.
  const latest = new Map<string, StreamQuote>();
  const specs = new Map<string, InstrumentSpec>();
  const instruments: InstrumentSpec[] = [];
  const frameListeners = new Set<(frame: TickFrame) => void>();
  let seq = 0;
  let phase: SessionPhase = first.phase;

  function addInstrument(spec: InstrumentSpec): void {
    if (specs.has(spec.code)) return;
    specs.set(spec.code, spec);
    instruments.push(spec);
  }

  function load(snapshot: MarketSnapshot): void {
    for (const spec of snapshot.instruments) addInstrument(spec);
    for (const quote of snapshot.quotes) latest.set(quote[0], quote);
    seq = snapshot.seq;
    phase = snapshot.phase;
  }
  load(first);

  return {
    source: first.source,
    instruments,
    instrument: (code) => specs.get(code),
    quote(code) {
      const tuple = latest.get(code);
      return tuple ? fromStreamQuote(tuple) : undefined;
    },
    *quotes() {
      for (const tuple of latest.values()) yield fromStreamQuote(tuple);
    },
    phase: () => phase,
    onFrame(listener) {
      frameListeners.add(listener);
      return () => void frameListeners.delete(listener);
    },
    start() {},
    stop() {},
    flush() {},
    list: () => 'ignored_by_replay',
    load,
    apply(message) {
      if (message.seq <= seq) return 'stale';
      if (message.seq !== seq + 1) return 'gap';
      seq = message.seq;
      phase = message.phase;
      for (const spec of message.listed) addInstrument(spec);
      for (const quote of message.frame.quotes) latest.set(quote[0], quote);
      // An empty frame carries only a phase change: nothing to send.
      if (message.frame.quotes.length > 0) for (const listener of frameListeners) listener(message.frame);
      return 'applied';
    },
  };
}
