/**
 * The app's real logger (server/logger.ts, its scrubbing included) writing into memory, so a
 * suite can read what an operator would see: `lines` holds each JSON line as written.
 */
import { Writable } from 'node:stream';
import { createLogger } from '../../server/logger';

/** A logger at `level` and the raw lines it has written so far (one JSON object per line). */
export function captureLogLines(level: string): { log: ReturnType<typeof createLogger>; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger(level, sink), lines };
}
