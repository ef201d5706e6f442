import type { KyselyPlugin, OperationNode, RootOperationNode } from 'kysely';

/** Which statements a watcher hears of: UPDATE and DELETE (rows that exist change or go) per table. */
export type WatchedWrites = Readonly<Record<string, ReadonlyArray<'update' | 'delete'>>>;

/**
 * A Kysely plugin that tells `onWrite` of every UPDATE or DELETE of a watched table as the statement is
 * sent (before it runs, inside its transaction if any): for what this node keeps about those rows.
 * Raw SQL is read too, so a hand-written statement cannot slip past.
 */
export function watchTableWrites(watched: WatchedWrites, onWrite: (table: string) => void): KyselyPlugin {
  const rawPattern = new RegExp(`\\b(update|delete\\s+from)\\s+"?(${Object.keys(watched).join('|')})\\b`, 'gi');
  const heard = (table: string | null, kind: 'update' | 'delete') => {
    if (table !== null && watched[table]?.includes(kind)) onWrite(table);
  };
  return {
    transformQuery({ node }) {
      if (node.kind === 'UpdateQueryNode') heard(tableOf(node.table), 'update');
      else if (node.kind === 'DeleteQueryNode') for (const from of node.from.froms) heard(tableOf(from), 'delete');
      else if (node.kind === 'RawNode') for (const [, verb, table] of rawText(node).matchAll(rawPattern)) heard(table!.toLowerCase(), /^update$/i.test(verb!) ? 'update' : 'delete');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

function tableOf(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'AliasNode') return tableOf((node as { node: OperationNode } & OperationNode).node);
  if (node.kind === 'TableNode') return (node as { table: { identifier: { name: string } } } & OperationNode).table.identifier.name;
  return null;
}

function rawText(node: RootOperationNode): string {
  return (node as { sqlFragments?: readonly string[] }).sqlFragments?.join(' ') ?? '';
}
