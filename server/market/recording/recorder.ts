import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { TickFrame } from '../../../contract/market.ts';
import { encodeFrameLine, encodeHeaderLine, recordingHeaderSchema, type RecordingHeader } from './format.ts';

// Writes published frames to a recording (format.ts), streaming through gzip so that a
// long recording never sits in memory. It writes exactly the frames it is given, in
// order, one line each: no merging, no filtering, no re-timing beyond the rule below.

export interface Recorder {
  write(frame: TickFrame): void;
  /** Flushes and closes the file; rejects if anything failed while writing. */
  close(): Promise<void>;
}

export function createRecorder(path: string, header: RecordingHeader): Recorder {
  // Validate before touching the disk: a bad header would make the whole file unreadable.
  const checked = recordingHeaderSchema.parse(header);
  mkdirSync(dirname(path), { recursive: true });
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(path));
  let failure: Error | null = null;
  // Remember the failure for close(); a recorder must never take the server down.
  done.catch((error: Error) => void (failure ??= error));
  let closed = false;
  let previousOffset = 0;

  gzip.write(encodeHeaderLine(checked));
  return {
    write(frame) {
      if (closed) throw new Error(`recorder for ${path} is closed`);
      if (failure) return;
      // The wall clock can step backwards (NTP): offsets must not, or the replayer would
      // reject the file; such a frame is stored at the previous frame's offset.
      const offset = Math.max(previousOffset, frame.sentAt - checked.startedAt);
      previousOffset = offset;
      gzip.write(encodeFrameLine(offset, frame.quotes));
    },
    async close() {
      if (!closed) {
        closed = true;
        gzip.end();
      }
      await done.catch(() => undefined);
      if (failure) throw failure;
    },
  };
}
