import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeIssues } from '@varde/core/contract';
import * as z from 'zod';
import { HttpError } from './HttpError.js';

/**
 * One error handler for the whole cloud. Every answer is `{detail}`. The caller's mistakes (bad
 * JSON, wrong media type, too large, schema mismatch, HttpError) keep their 4xx status; anything
 * else is our bug: logged, and answered 500 without internals.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  /** Tried before answering 404 (serves the portal's files); true when it answered. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setErrorHandler((error: FastifyError | HttpError | z.ZodError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof z.ZodError) {
      return reply.code(400).send({ detail: describeIssues(error) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || 'Bad request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return;
    reply.code(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
