/** A registered route URL with every parameter and wildcard filled in, so the walkers can call it. */
export function concretePath(url: string): string {
  // `::` is fastify's escaped literal colon (accounts:lookup), not a parameter.
  return url.replace(/::/g, '\u0000').replace(/:[^/]+/g, 'x').replace(/\*/g, 'x').replace(/\u0000/g, ':');
}
