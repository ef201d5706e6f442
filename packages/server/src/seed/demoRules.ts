import type { NotificationRules } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { demoUid } from './demoSeed.js';
import { demoSites } from './demoSites.js';

/**
 * Demo notification rules: a few sites of Fjordvarme (admin@varde.test's) with rules whose users
 * have the site. The SMS user's rule tests fine (a Norwegian number); the admin has no phone, so
 * testing a rule that names the admin shows the error view (missing-phone-number). Each rule has the
 * Norwegian name an operator would give it.
 */
export async function seedDemoRules(ctx: Pick<CloudContext, 'rules'>): Promise<void> {
  const sites = demoSites();
  const rulesBySite: Array<[number, NotificationRules]> = [
    [
      10,
      {
        [`${sites[10]!.uuid.slice(0, 8)}-rule-sms001`]: {
          ruleId: `${sites[10]!.uuid.slice(0, 8)}-rule-sms001`,
          name: 'Vakttelefon døgnet rundt',
          channeltype: ['sms', 'mail'],
          threshold: 20,
          users: [demoUid('sms')],
        },
        [`${sites[10]!.uuid.slice(0, 8)}-rule-pow060`]: {
          ruleId: `${sites[10]!.uuid.slice(0, 8)}-rule-pow060`,
          name: 'Driftsleder, alarmer over en time',
          channeltype: ['mail'],
          threshold: 60,
          users: [demoUid('powerUser'), demoUid('admin')],
        },
      },
    ],
    [
      0,
      {
        [`${sites[0]!.uuid.slice(0, 8)}-rule-adm030`]: {
          ruleId: `${sites[0]!.uuid.slice(0, 8)}-rule-adm030`,
          name: 'Driftsvakt ventilasjon og varme',
          channeltype: ['mail', 'sms'],
          threshold: 30,
          users: [demoUid('admin'), demoUid('user')],
        },
      },
    ],
  ];
  for (const [index, rules] of rulesBySite) await ctx.rules.store.replace(sites[index]!.uuid, rules);
}
