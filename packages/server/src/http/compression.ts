import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * brotli or gzip, as the client accepts, for the answers of every route registered after this one: JSON
 * of the API, the controller frame page, host pages served from source. Not below 1 KiB (the headers would
 * eat the gain); not files that come precompressed (they carry a Content-Encoding already); not event
 * streams (the plugin leaves text/event-stream alone). The realtime websocket and the socket.io endpoints
 * are upgrades on the node server and never pass through here. Request bodies are not decompressed: the
 * body limit counts what arrives.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Awaited: the plugin's onRoute hook must be in place before the routes are added.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
}
