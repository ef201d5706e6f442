import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError.js';

/** Nesting deeper than this is no shape any contract has; refused before parsing (a deep body costs stack). */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text, counting until it passes `limit` (strings skipped). */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: skip to its closing quote
      for (i += 1; i < text.length && text.charCodeAt(i) !== 34; i += 1) if (text.charCodeAt(i) === 92) i += 1;
    } else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 93 || c === 125) {
      depth -= 1;
    }
  }
  return false;
}

/** 400 with a detail for JSON nested deeper than MAX_JSON_DEPTH. */
export function checkJsonDepth(text: string): void {
  if (jsonDepthExceeds(text)) throw new HttpError(400, `JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
}

/**
 * Every JSON body of the cloud: nesting limited, then fastify's own parser (which refuses __proto__ and
 * constructor poisoning). Routes with a parser of their own (the anomaly service) check depth there too.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      checkJsonDepth(body.toString());
    } catch (error) {
      done(error as HttpError, undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
