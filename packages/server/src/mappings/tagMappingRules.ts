import { tagMeanings, type Mapping, type TagMapping, type TagMappingWrite } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { canSeeSite } from '../controllers/visibleSites.js';
import { siteByUuid } from '../controllers/sites.js';
import { HttpError } from '../http/HttpError.js';

/**
 * Checks tag mappings about to be written to a table of `mapping`: every meaning is one of the
 * mapping's, none twice, and a controller that changes is a site the caller may see (an existing
 * entry the caller cannot see may stay as it is). Returns them in the mapping's meaning order.
 */
export async function checkedTagMappings(
  ctx: CloudContext,
  uid: string,
  mapping: Mapping,
  current: readonly TagMapping[],
  written: readonly TagMappingWrite[],
): Promise<TagMapping[]> {
  const meanings = new Set(tagMeanings(mapping).map((meaning) => meaning.uuid));
  const before = new Map(current.map((entry) => [entry['meaning-uuid'], entry]));
  const seen = new Set<string>();
  for (const entry of written) {
    const meaningUuid = entry['meaning-uuid'];
    if (!meanings.has(meaningUuid)) throw new HttpError(400, `Unknown meaning ${meaningUuid} for mapping ${mapping.title}`);
    if (seen.has(meaningUuid)) throw new HttpError(400, `Meaning ${meaningUuid} is mapped twice`);
    seen.add(meaningUuid);
    const controller = entry['controller-id'];
    if (controller !== '' && controller.toLowerCase() !== before.get(meaningUuid)?.['controller-id'].toLowerCase()) {
      if (!(await siteByUuid(ctx.db, controller.toLowerCase())) && !(await siteByUuid(ctx.db, controller))) {
        throw new HttpError(400, `No site ${controller}`);
      }
      if (!(await canSeeSite(ctx, uid, controller.toLowerCase())) && !(await canSeeSite(ctx, uid, controller))) {
        throw new HttpError(403, `You do not have access to controller ${controller}`);
      }
    }
  }
  const order = new Map(mapping.meanings.map((meaning, index) => [meaning.uuid, index]));
  return written
    .map((entry) => ({ 'meaning-uuid': entry['meaning-uuid'], 'controller-id': entry['controller-id'], tag: entry.tag }))
    .sort((a, b) => order.get(a['meaning-uuid'])! - order.get(b['meaning-uuid'])!);
}
