import { listMappings } from '@varde/core';
import type { Mapping } from '@varde/core/contract';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import type { CommandContext } from '../context.js';

/** A mapping by uuid or by title (any case). */
export async function resolveMapping(context: CommandContext, reference: string): Promise<Mapping> {
  const all = await context.session.call('mappings-manager', (http) => listMappings(http));
  const wanted = reference.toLowerCase();
  const found = all.find((item) => item.uuid.toLowerCase() === wanted) ?? all.filter((item) => item.title.toLowerCase() === wanted);
  if (!Array.isArray(found)) return found;
  if (found.length === 1) return found[0]!;
  if (found.length > 1) throw new CliError(`More than one mapping is titled "${reference}": use its uuid.`, EXIT.usage);
  throw new CliError(`No mapping "${reference}". See: varde mappings list`, EXIT.notFound);
}
