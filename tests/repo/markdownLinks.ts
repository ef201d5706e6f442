import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/** A link in a markdown file that does not lead to something inside the repository. */
export interface BadLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** Inline links and images `[text](target)`, `<...>` autolinks aside, and reference definitions `[x]: target`. */
const INLINE_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/;

/** The markdown text with fenced code blocks and inline code spans blanked, line numbers kept. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a markdown file offers (duplicates get -1, -2 … as on GitHub). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of text.split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!.replace(/`/g, ''));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/**
 * The links of one markdown file (path relative to `root`) that leave the repository, point at a
 * missing file, or name a heading the target does not have. Web links (http:, mailto:) are not checked.
 */
export function badLinks(root: string, file: string, text: string): BadLink[] {
  const bad: BadLink[] = [];
  const lines = proseLines(text);
  lines.forEach((line, index) => {
    const targets = [...line.matchAll(INLINE_LINK)].map((match) => match[1]!);
    const definition = REFERENCE_DEFINITION.exec(line);
    if (definition) targets.push(definition[1]!);
    for (const target of targets) {
      const reason = whyBad(root, file, text, target);
      if (reason) bad.push({ file, line: index + 1, target, reason });
    }
  });
  return bad;
}

function whyBad(root: string, file: string, text: string, target: string): string | undefined {
  if (isExternal(target)) return undefined;
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = decodeURIComponent(pathPart);
  if (path.startsWith('/')) return 'absolute path (use a path relative to the file)';
  const resolved = path === '' ? resolve(root, file) : resolve(root, dirname(file), path);
  const inside = relative(root, resolved);
  if (inside.startsWith('..') || inside.startsWith(sep)) return 'outside the repository';
  if (!existsSync(resolved)) return 'no such file';
  if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    const targetText = path === '' ? text : readFileSync(resolved, 'utf8');
    if (!headingAnchors(targetText).has(anchor)) return `no heading #${anchor}`;
  }
  return undefined;
}
