import type { FastifyInstance } from 'fastify';
import { servicePathPrefix, type AlarmRow } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { canSeeSite } from '../controllers/visibleSites.js';
import { siteByUuid, type SiteRecord } from '../controllers/sites.js';
import { acceptsHtml } from '../oidc/errorDetail.js';
import { escapeHtml } from '../oidc/html.js';
import { portalIdsOf } from './portalIds.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="no"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1f2933;background:#fff}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #d9e2ec}td:nth-child(3){overflow-wrap:anywhere}.muted{color:#627d98}
@media (max-width:600px){body{margin:1rem}td,th{padding:.3rem .25rem}}
@media (prefers-color-scheme:dark){body{color:#e6ecee;background:#12171a}td,th{border-color:#3a4950}.muted{color:#aebbc0}}
</style></head><body>${body}</body></html>`;
}

function alarmTable(rows: AlarmRow[]): string {
  if (rows.length === 0) return '<p class="muted">Ingen aktive alarmer.</p>';
  const lines = rows
    .map((row) => `<tr><td>${escapeHtml(row.alarmGroup)}</td><td>${escapeHtml(row.tagName)}</td><td>${escapeHtml(row.text)}</td><td>${escapeHtml(row.value)}</td></tr>`)
    .join('');
  return `<table><thead><tr><th>Klasse</th><th>Navn</th><th>Beskrivelse</th><th>Verdi</th></tr></thead><tbody>${lines}</tbody></table>`;
}

async function siteView(ctx: CloudContext, site: SiteRecord): Promise<string> {
  const rows = await ctx.alarms.list({ siteUuids: [site.uuid], active: true });
  return page(site.name, `<h1>${escapeHtml(site.name)}</h1>
<p class="muted">Kontroller ${escapeHtml(site.hostname)} · versjon ${escapeHtml(site.version)} · via Varde-proxy (referanseskyen)</p>
<h2>Aktive alarmer</h2>${alarmTable(rows)}`);
}

/**
 * The controller frame the portal's dashboards page embeds (it follows the portal's theme: a frame's
 * prefers-color-scheme is the color-scheme of its <iframe> element, which the portal's root sets): `/cloud/controller-proxy/sites/{uuid}/
 * ?portalId=…`. The reference cloud shows a small stand-in for the controller's own pages (name,
 * active alarms). Public route: an iframe cannot send a bearer token; the portal id is the credential.
 */
export function registerControllerFrameRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (api) => {
      api.get<{ Params: { id: string }; Querystring: { portalId?: string } }>(
        '/sites/:id/',
        { config: { public: true } },
        async (request, reply) => {
          reply.header('Content-Security-Policy', CSP).type('text/html; charset=utf-8');
          // A frame asks for HTML and shows a refusal as a page; any other client gets the cloud's usual {detail}.
          const refuse = (status: number, detail: string, html: string) => {
            reply.code(status);
            return acceptsHtml(request.headers.accept) ? html : reply.type('application/json; charset=utf-8').send({ detail });
          };
          const portalId = typeof request.query.portalId === 'string' ? request.query.portalId : '';
          const grant = portalId ? await portalIdsOf(ctx).redeem(portalId, request.params.id) : null;
          const site = await siteByUuid(ctx.db, request.params.id);
          if (!grant || !site || !(await canSeeSite(ctx, grant.uid, site.uuid))) {
            return refuse(401, 'The portal id is missing, expired or not for this site',
              page('Failed to login', '<h1>Failed to login</h1><p class="muted">The portal id is missing, expired or not for this site.</p>'));
          }
          if (site.webpmpReady !== true) {
            return refuse(504, 'The site is not connected to the cloud',
              page('Gateway Timeout', '<h1>Gateway Timeout</h1><p class="muted">Anlegget er ikke tilkoblet skyen.</p>'));
          }
          return siteView(ctx, site);
        },
      );
    },
    { prefix: servicePathPrefix('controller-proxy') },
  );
}
