import { isHttpError, listAllSites, type HttpClient } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { parseJsonInput } from '../io/readInput.js';
import type { CommandContext } from '../context.js';
import { resolveSite } from './rulesFile.js';

/**
 * The files `varde schedules apply` and `varde escalations apply` read (JSON or YAML): a list of entries,
 * either at the top (what `schedules list --json` / `escalations list --json` print) or under `key`
 * (`schedules:` / `policies:`, what `schedules export` writes). Each entry's problems are reported with
 * the line it (or the field the cloud names) is on.
 */
export interface EntryFile {
  entries: unknown[];
  /** The 1-based line of entry `index`, or of `path` inside it when the file places it. */
  lineOf(index: number, path?: ReadonlyArray<string | number>): number | undefined;
}

export async function parseEntryFile(text: string, name: string, key: string): Promise<EntryFile> {
  const json = /\.json$/i.test(name) || /^\s*[{[]/.test(text);
  // Loaded here, not at start: every other command starts without yaml's parser.
  const { isNode, LineCounter, parseDocument } = await import('yaml');
  const lineCounter = new LineCounter();
  let data: unknown;
  let doc: ReturnType<typeof parseDocument> | null = null;
  if (json) data = parseJsonInput(text, name);
  try {
    doc = parseDocument(text, { lineCounter });
    if (!json) {
      if (doc.errors.length > 0) throw new CliError(`${name} is not valid YAML: ${doc.errors[0]!.message}`, EXIT.usage);
      data = doc.toJS();
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (!json) throw new CliError(`${name} is not valid YAML: ${(error as Error).message}`, EXIT.usage);
    doc = null;
  }
  const underKey = data && typeof data === 'object' && !Array.isArray(data) && key in data;
  const entries = Array.isArray(data) ? data : underKey ? (data as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(entries)) throw new CliError(`${name}: expected a list of ${key}, or "${key}:" with a list.`, EXIT.usage);
  const base = underKey ? [key] : [];
  return {
    entries,
    lineOf(index, path = []) {
      for (let length = path.length; length >= 0; length -= 1) {
        const node = doc?.getIn([...base, index, ...path.slice(0, length)], true);
        if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
      }
      return undefined;
    },
  };
}

/** `line 7: schedules[2] "Nights"`: where to look, and which entry it is. */
export function entryLabel(file: EntryFile, key: string, index: number, entry: unknown, path?: ReadonlyArray<string | number>): string {
  const line = file.lineOf(index, path);
  const name = entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string' ? ` "${(entry as { name: string }).name}"` : '';
  return `${line === undefined ? '' : `line ${line}: `}${key}[${index}]${name}`;
}

/** A field the cloud names (`layers.0.rotation`) as a path into the entry (['layers', 0, 'rotation']). */
export function fieldPath(field: string): Array<string | number> {
  return field === 'body' ? [] : field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export interface CloudProblem {
  field: string;
  detail: string;
}

/**
 * Asks the cloud to check one entry without storing it: what is wrong with it, every field the cloud
 * names (its 400 `problems`), or none when it is good.
 */
export function checkOnCloud(context: CommandContext, path: string, body: unknown): Promise<CloudProblem[]> {
  return context.session.call('alarms', async (http: HttpClient) => {
    try {
      await http.request('alarms', path, { method: 'POST', body });
      return [];
    } catch (error) {
      if (!isHttpError(error) || error.status !== 400) throw error;
      const listed = (error.body as { problems?: unknown } | undefined)?.problems;
      if (Array.isArray(listed) && listed.length > 0) return listed as CloudProblem[];
      // A cloud that names one problem in `detail` only (`field: why`).
      const detail = error.detail ?? error.message;
      const field = /^([\w.]+): /.exec(detail)?.[1];
      return [field ? { field, detail: detail.slice(field.length + 2) } : { field: 'body', detail }];
    }
  });
}

/** Each cloud problem of entry `index` as a line of the report, at the line of the field it names. */
export function cloudProblemLines(file: EntryFile, key: string, index: number, entry: unknown, problems: readonly CloudProblem[]): string[] {
  return problems.map((problem) => `${entryLabel(file, key, index, entry, fieldPath(problem.field))}: ${problem.field === 'body' ? '' : `${problem.field}: `}${problem.detail}`);
}

/** Sites named by uuid or exact name (any case) turned into uuids; `null` (every site) stays. Problems are collected. */
export function resolveSites(sites: readonly Site[], refs: unknown, problem: (path: Array<string | number>, why: string) => void): string[] | null | undefined {
  if (refs === undefined || refs === null) return refs as null | undefined;
  if (!Array.isArray(refs)) {
    problem(['sites'], 'must be a list of sites (uuid or exact name), or null for every site');
    return undefined;
  }
  const uuids: string[] = [];
  refs.forEach((ref, index) => {
    const site = resolveSite(sites, String(ref));
    if (typeof site === 'string') problem(['sites', index], site);
    else uuids.push(site.uuid);
  });
  return uuids;
}

export const sitesOf = (context: CommandContext) => context.session.call('controllers-api', (http: HttpClient) => listAllSites(http));

export const alarmsCall = <T>(context: CommandContext, run: (http: HttpClient) => Promise<T>) => context.session.call('alarms', run);
