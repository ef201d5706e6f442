import { createCloud, type Cloud } from '../../src/cloud.js';
import type { CloudOptions } from '../../src/context.js';

/**
 * An in-memory cloud with the demo data on an ephemeral port. Close it in afterAll:
 *   const cloud = await startCloud(); ... await cloud.close();
 * Its outbox is public, as on `npm start`'s demo cloud, so tests read codes and links as a person
 * would; test/outbox-access.test.ts covers the private outbox.
 */
export function startCloud(options: CloudOptions = {}): Promise<Cloud> {
  return createCloud({ port: 0, storage: { kind: 'memory' }, seed: 'demo', outbox: 'public', ...options });
}

export type { Cloud };
