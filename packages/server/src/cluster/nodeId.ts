import { hostname } from 'node:os';

/** A node's default name: unique among nodes on one machine and readable in logs (host:pid). */
export function defaultNodeId(): string {
  return `${hostname()}:${process.pid}`;
}

/** What a node id may be: printable, short, no spaces (it is a metric label and a log field). */
export function nodeIdProblem(id: string): string | null {
  return /^[\w.:@-]{1,64}$/.test(id) ? null : `the node id must be 1-64 letters, digits or . : @ _ -, not "${id.slice(0, 70)}"`;
}
