import { createCloud, type Cloud } from '../../src/cloud.js';
import type { CloudOptions } from '../../src/context.js';

/**
 * An in-memory cloud with the demo data on an ephemeral port. Close it in afterAll:
 *   const cloud = await startCloud(); ... await cloud.close();
 */
export function startCloud(options: CloudOptions = {}): Promise<Cloud> {
  return createCloud({ port: 0, storage: { kind: 'memory' }, seed: 'demo', ...options });
}

export type { Cloud };
