import type { CloudContext } from '../context.js';
import { inTransaction } from '../storage/transaction.js';
import { insertSite } from '../controllers/sites.js';
import { DEMO_ALARMS } from './demoCatalogue.js';
import { stableUuid } from './demoSites.js';
import { TOWNS } from './towns.js';

/**
 * Benchmark data: `count` more sites around the demo towns (all online, version 4.0, every other
 * one older), a status tag each, and an active alarm on every second site (classes A, B, C in
 * turn). Only a system admin sees them (they are in nobody's site list). Ids are stable.
 */
export async function seedBulkSites(ctx: Pick<CloudContext, 'db' | 'realtime' | 'clock'>, count: number): Promise<void> {
  const now = ctx.clock.now();
  const tags: Record<string, unknown> = {};
  await inTransaction(ctx.db, async (tx) => {
    for (let index = 0; index < count; index += 1) {
      const town = TOWNS[index % TOWNS.length]!;
      const uuid = stableUuid(`bulk-site:${index}`);
      // Spread around the town (about ±20 km) so the map can cluster them.
      const angle = (index * 2.399963) % (2 * Math.PI);
      const radius = 0.05 + ((index * 7) % 20) / 100;
      await insertSite(tx.db, {
        uuid,
        name: `${town.name} Anlegg ${String(index + 1).padStart(5, '0')}`,
        hostname: `anlegg-${index + 1}.bulk.varde.test`,
        version: index % 2 === 0 ? '4.0' : '3.2',
        webpmpReady: true,
        latitude: town.latitude + radius * Math.sin(angle),
        longitude: town.longitude + radius * 2 * Math.cos(angle),
      });
      tags[`${uuid}/tags/portalStatusText/v`] = 'Normal drift';
      tags[`${uuid}/tags/portalStatusColor/v`] = '#2e7d32';
      if (index % 2 === 0) {
        const group = (['A', 'B', 'C'] as const)[(index / 2) % 3]!;
        const template = DEMO_ALARMS.filter((alarm) => alarm.alarmGroup === group)[index % 4]!;
        const at = now - (index % 1440) * 60_000;
        await tx.db
          .insertInto('alarms')
          .values({
            id: stableUuid(`bulk-alarm:${index}`), site_uuid: uuid, alarm_group: group, tag_name: template.tagName,
            text: template.text, value: template.value, alarm_type: 'limit', active_at: at, changed_at: at,
          })
          .execute();
      }
    }
  });
  await ctx.realtime.update('/controllers', tags);
}
