import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeIssues } from '@varde/core/contract';
import * as z from 'zod/mini';
import { drainRequest } from './drainRequest.js';
import { HttpError } from './HttpError.js';
import { FieldProblemsError } from './fieldProblems.js';
import { isRefusedValue, isStorageUnavailable } from '../storage/executeResults.js';

/**
 * Errors the router raises before any route runs (a malformed URL, a path segment over 100 characters):
 * the same `{detail}` answers, and the caller's URL is not echoed back.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the path is too long' : 'The URL is malformed';
  void reply.code(typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400).send({ detail });
}

function tooLargeDetail(app: FastifyInstance): string {
  return `The request body is larger than the limit of ${Math.round(app.initialConfig.bodyLimit! / 1024 / 1024)} MB`;
}

/**
 * One error handler for the whole cloud. Every answer is `{detail}`. The caller's mistakes (bad
 * JSON, wrong media type, too large, schema mismatch, HttpError) keep their 4xx status; a database
 * that cannot be reached is 503 (the pool reconnects by itself); anything else is our bug: logged,
 * and answered 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | HttpError | z.core.$ZodError | Error, request, reply) => {
    if (error instanceof FieldProblemsError) {
      return reply.code(error.status).send({ detail: error.detail, problems: error.problems });
    }
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof z.core.$ZodError) {
      return reply.code(400).send({ detail: describeIssues(error) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) {
      // Read the rest of the refused body, so that the client reads this answer instead of a reset.
      await drainRequest(request.raw);
      reply.removeHeader('connection');
      return reply.code(413).send({ detail: tooLargeDetail(app) });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || 'Bad request' });
    }
    if (isRefusedValue(error)) {
      return reply.code(400).send({ detail: 'A value in the request cannot be stored (a NUL character, or a number out of range)' });
    }
    if (isStorageUnavailable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply.code(503).header('retry-after', '2').send({ detail: 'The database cannot be reached just now; try again in a moment' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  });

  // A declared length over the limit is refused before fastify's parser would refuse it and close the
  // connection under a client that is still sending: the body is read and discarded first. Thrown, so that
  // the route's own error handler shapes the answer (the googleapis-shaped sign-in endpoints have theirs).
  app.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length']);
    if (!(length > app.initialConfig.bodyLimit!)) return;
    await drainRequest(request.raw);
    throw new HttpError(413, tooLargeDetail(app));
  });

  // Files (portal, --static mounts) are a route of their own (http/staticFiles.ts); what it lacks comes here.
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
