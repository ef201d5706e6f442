import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and thrown away so that the client gets to read the answer. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * A body that is too large is refused before it is read. If the answer went out while the client is still
 * sending, the connection is torn down under it and the client sees a reset instead of the 413. So the
 * rest of the body is read and discarded first (up to 64 MB; past that the connection is closed).
 */
export function drainRequest(request: IncomingMessage): Promise<void> {
  if (request.readableEnded || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      request.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) done();
    };
    request.on('data', onData);
    request.once('end', done);
    request.once('error', done);
    request.once('close', done);
    request.resume();
  });
}
