/**
 * Collects the body an Express response sends (whatever writes it: `res.send`, `res.json`, a
 * piped render stream), while it still streams to the client unchanged. Installed below
 * `compression`, so it sees the identity bytes.
 */
import type { Response } from 'express';

/** Bodies larger than this (bytes) are not collected (and so never stored). */
export const MAX_CAPTURE_BYTES = 4 * 1024 * 1024;

export type Captured = { body: Buffer } | null;

/**
 * Collect what `res` sends. Resolves with the body once the response has finished (every byte
 * handed to the OS), or null when the connection closed first or the body grew past
 * {@link MAX_CAPTURE_BYTES}.
 */
export function captureBody(res: Response): Promise<Captured> {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.isBuffer(chunk)
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : null;
    if (!buffer) return;
    size += buffer.length;
    if (size > MAX_CAPTURE_BYTES) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  // Whatever was installed before (compression's own wrappers), bound to this response.
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response['end'];

  return new Promise((resolve) => {
    const onFinish = () => {
      cleanup();
      resolve(overflow ? null : { body: Buffer.concat(chunks) });
    };
    const onClose = () => {
      cleanup();
      resolve(res.writableFinished && !overflow ? { body: Buffer.concat(chunks) } : null);
    };
    const cleanup = () => {
      res.off('finish', onFinish);
      res.off('close', onClose);
    };
    res.on('finish', onFinish);
    res.on('close', onClose);
  });
}
