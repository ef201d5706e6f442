import type { Document } from 'yaml';

/** The line a rule of a rules file starts on (1-based), to report a bad rule where the user can find it. */
export type RuleLineOf = (site: string, index: number) => number | undefined;

/**
 * Reads the lines once with yaml's parser, which reads JSON too (JSON is YAML). The values themselves
 * come from parseRuleFile; this only places them, so a text it cannot place answers no line.
 */
export async function ruleLines(text: string): Promise<RuleLineOf> {
  // Loaded here, not at start: every other command starts without yaml's parser.
  const { isNode, LineCounter, parseDocument } = await import('yaml');
  const lineCounter = new LineCounter();
  let doc: Document.Parsed | null = null;
  try {
    doc = parseDocument(text, { lineCounter });
  } catch {
    doc = null;
  }
  return (site, index) => {
    const node = doc?.getIn(['sites', site, index], true);
    if (!isNode(node) || !node.range) return undefined;
    return lineCounter.linePos(node.range[0]).line;
  };
}
