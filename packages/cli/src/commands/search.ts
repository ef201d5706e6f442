import type { Command } from 'commander';
import { searchTags } from '@varde/core';
import { SEARCH_TEXT_MAX, type TagSearchRow } from '@varde/core/contract';
import { usageError } from '../errors.js';
import { formatTimestamp, type Column } from '../output/output.js';
import { withContext, type CommandContext } from '../context.js';

const SEARCH_COLUMNS: Column<TagSearchRow>[] = [
  { header: 'Site', value: (row) => row.site },
  { header: 'Name', value: (row) => row.Name },
  { header: 'Description', value: (row) => row.description },
  { header: 'Value', value: (row) => row.Value },
  { header: 'Seq no', value: (row) => row.SeqNo },
  { header: 'Last changed', value: (row) => formatTimestamp(Date.parse(row.LastChanged)) },
  { header: 'Changed by', value: (row) => row.ChangedBy },
];

/** `varde search TEXT`: tags of all your sites whose name, description or value match. */
export function registerSearchCommand(program: Command): void {
  program
    .command('search')
    .description('Search the tags of all your sites (name, description, value)')
    .argument('<text...>', 'words that must all match')
    .option('--limit <n>', 'at most this many rows (default 200, max 1000)')
    .action(withContext<[string[], { limit?: string }]>(runSearch));
}

async function runSearch(context: CommandContext, words: string[], options: { limit?: string }): Promise<void> {
  const text = words.join(' ').trim();
  if (text === '' || text.length > SEARCH_TEXT_MAX) throw usageError(`The search text must be 1-${SEARCH_TEXT_MAX} characters.`);
  let limit: number | undefined;
  if (options.limit !== undefined) {
    limit = Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw usageError(`Invalid --limit "${options.limit}": a whole number 1-1000.`);
  }
  const rows = await context.session.call('search', (http) => searchTags(http, text, limit === undefined ? {} : { limit }));
  // The empty text quotes the user's words as plain text (a terminal renders no markup).
  context.output.list(rows, SEARCH_COLUMNS, { empty: `Your search for "${text}" found no results.` });
}
