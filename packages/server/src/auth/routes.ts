import type { FastifyInstance } from 'fastify';
import { servicePathPrefix } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { registerLoginRoutes } from './loginRoutes.js';
import { registerResetPasswordRoutes } from './resetPasswordRoutes.js';
import { registerSessionRoutes } from './sessionRoutes.js';
import { registerTokenRoutes } from '../tokens/tokenRoutes.js';

/** The auth server, at /cloud/auth (and at auth.<domain>). */
export function registerAuthRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (auth) => {
      registerLoginRoutes(auth, ctx);
      registerSessionRoutes(auth, ctx);
      registerResetPasswordRoutes(auth, ctx);
      registerTokenRoutes(auth, ctx);
    },
    { prefix: servicePathPrefix('auth') },
  );
}
