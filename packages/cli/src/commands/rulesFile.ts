import { createHash } from 'node:crypto';
import { notificationRule, type NotificationRule, type NotificationRules, type RuleUser, type Site } from '@varde/core/contract';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { parseJsonInput } from '../io/readInput.js';

/**
 * The file `varde rules apply` reads (JSON or YAML), and `varde rules list --json` writes:
 *
 *   sites:
 *     Bergen Skole:                 # a site uuid or its exact name (any case)
 *       - name: Vakttelefon natt    # optional: 1-80 characters; without it the rule keeps its stored
 *                                   # name, and a new rule is named from what it does
 *         ruleId: 1a2b3c4d-rule-x1y2z3   # optional: without it the id is derived from the rule
 *         channels: [sms, mail]     # or channeltype
 *         threshold: 20             # minutes, 5-120 in steps of 5
 *         users: [ola@example.no]   # e-mail addresses or uids of the site's users
 *
 * Each listed site's rules become exactly the listed ones; sites not in the file are left alone.
 */
export interface RuleFileEntry {
  ruleId?: unknown;
  name?: unknown;
  channels?: unknown;
  channeltype?: unknown;
  threshold?: unknown;
  users?: unknown;
}

export type RuleFile = Map<string, RuleFileEntry[]>;

export async function parseRuleFile(text: string, name: string): Promise<RuleFile> {
  const data = /\.json$/i.test(name) || /^\s*[{[]/.test(text) ? parseJsonInput(text, name) : await parseYamlInput(text, name);
  const sites = data && typeof data === 'object' && 'sites' in data ? (data as { sites: unknown }).sites : undefined;
  if (!sites || typeof sites !== 'object' || Array.isArray(sites)) {
    throw new CliError(`${name}: expected a "sites" map of site (uuid or name) to a list of rules.`, EXIT.usage);
  }
  const file: RuleFile = new Map();
  for (const [site, rules] of Object.entries(sites)) {
    if (rules === null) file.set(site, []);
    else if (Array.isArray(rules)) file.set(site, rules as RuleFileEntry[]);
    else throw new CliError(`${name}: sites.${site} must be a list of rules (or empty).`, EXIT.usage);
  }
  return file;
}

async function parseYamlInput(text: string, name: string): Promise<unknown> {
  // Loaded here, not at start: every other command starts without yaml's parser.
  const { parse: parseYaml } = await import('yaml');
  try {
    return parseYaml(text);
  } catch (error) {
    throw new CliError(`${name} is not valid YAML: ${(error as Error).message}`, EXIT.usage);
  }
}

/** A site named by uuid or by exact name (any case); an ambiguous or unknown name is an error. */
export function resolveSite(sites: readonly Site[], ref: string): Site | string {
  const byUuid = sites.find((site) => site.uuid === ref);
  if (byUuid) return byUuid;
  const named = sites.filter((site) => site.name.toLowerCase() === ref.toLowerCase());
  if (named.length === 1) return named[0]!;
  return named.length === 0 ? `no site "${ref}" among your sites` : `"${ref}" names ${named.length} sites: use the uuid`;
}

/** A stable id for a rule given without one, so applying the same file twice changes nothing. */
export function derivedRuleId(siteUuid: string, rule: { channeltype: readonly string[]; threshold: unknown; users: readonly string[] }): string {
  const key = JSON.stringify([siteUuid, [...rule.channeltype].sort(), rule.threshold, [...rule.users].sort()]);
  const digest = createHash('sha256').update(key).digest();
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += alphabet[digest[i]! % alphabet.length];
  return `${siteUuid.slice(0, 8)}-rule-${suffix}`;
}

/**
 * Turns a site's entries into the rules to store: users by e-mail or uid among `users` (the site's
 * users the caller may pick), name, channels, threshold, id. Every problem is collected, none thrown,
 * each with the line its rule starts on when `lineOf` knows it.
 */
export function buildSiteRules(
  site: Site,
  entries: readonly RuleFileEntry[],
  users: readonly RuleUser[],
  where: string,
  lineOf: (index: number) => number | undefined = () => undefined,
): { rules: NotificationRules; errors: string[] } {
  const errors: string[] = [];
  const rules: NotificationRules = {};
  entries.forEach((entry, index) => {
    const line = lineOf(index);
    // `line 7: sites.Bergen Skole[2]`: where to look in the file, and which rule it is.
    const at = `${line === undefined ? '' : `line ${line}: `}${where}[${index}]`;
    if (!entry || typeof entry !== 'object') {
      errors.push(`${at}: a rule must be an object`);
      return;
    }
    const userRefs = Array.isArray(entry.users) ? entry.users : entry.users === undefined ? [] : [entry.users];
    const uids: string[] = [];
    for (const ref of userRefs) {
      const text = String(ref);
      const user = users.find((candidate) => candidate.uid === text || candidate.username.toLowerCase() === text.toLowerCase());
      if (user) uids.push(user.uid);
      else errors.push(`${at}.users: Unknown user ${text} (not a user of ${site.name} you manage)`);
    }
    const channeltype = entry.channeltype ?? entry.channels ?? [];
    const candidate = {
      ruleId: entry.ruleId,
      // Not part of a derived id: renaming a rule in the file keeps its id (and its delivery log).
      ...(entry.name === undefined ? {} : { name: entry.name }),
      channeltype: Array.isArray(channeltype) ? channeltype : [channeltype],
      threshold: entry.threshold,
      users: uids,
    };
    if (candidate.ruleId === undefined && Array.isArray(candidate.channeltype)) {
      candidate.ruleId = derivedRuleId(site.uuid, { channeltype: candidate.channeltype.map(String), threshold: candidate.threshold, users: uids });
    }
    const parsed = notificationRule.safeParse(candidate);
    if (!parsed.success) {
      // Unknown users were reported above; do not report them twice as "no users".
      const issues = parsed.error.issues.filter((issue) => !(issue.path[0] === 'users' && userRefs.length > 0));
      if (issues.length > 0) errors.push(issues.map((issue) => `${at}.${issue.path.join('.') || 'rule'}: ${issue.message}`).join('\n'));
      return;
    }
    if (rules[parsed.data.ruleId]) errors.push(`${at}.ruleId: ${parsed.data.ruleId} is used twice`);
    rules[parsed.data.ruleId] = parsed.data;
  });
  return { rules, errors };
}

/** One line per rule for humans: `"name"  id  threshold min  sms,mail  users` (no name: as the cloud will name it). */
export function describeRule(rule: NotificationRule, nameOf: (uid: string) => string): string {
  const name = rule.name === undefined ? '' : `${JSON.stringify(rule.name)}  `;
  return `${name}${rule.ruleId}  ${rule.threshold} min  ${rule.channeltype.join(',')}  ${rule.users.map(nameOf).join(', ')}`;
}
