import type Provider from 'oidc-provider';
import { OIDC_MOUNT_PATH } from './paths.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/**
 * The cloud answers every 4xx with `{detail}`. OAuth endpoints must answer `{error,
 * error_description}`; extra members are allowed, so `detail` is added beside them. Paths the
 * provider does not know get a JSON 404 instead of Koa's plain "Not Found".
 */
export function installErrorDetail(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.body = { detail: `Not found: ${ctx.method} ${OIDC_MOUNT_PATH}${ctx.path}` };
      ctx.status = 404;
      return;
    }
    const body: unknown = ctx.body;
    if (ctx.status >= 400 && isRecord(body) && typeof body.error === 'string' && !('detail' in body)) {
      body.detail = typeof body.error_description === 'string' ? body.error_description : body.error;
    }
  });
}

/** Browsers navigating and posting forms ask for HTML; API clients and scripts get JSON. */
export function acceptsHtml(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/html');
}

/** A page, not JSON: the browser asks for HTML, or it is navigating (a frame or a tab, whatever its Accept). */
export function wantsPage(accept: string | undefined, fetchMode: string | undefined): boolean {
  return acceptsHtml(accept) || fetchMode === 'navigate';
}
