import type { Settings } from '../config/types.js';
import { REFERENCE_BIM } from './referenceBim.js';

/** Which BIM project the viewers show; their tokens come from the signed-in session. */
export interface BimServiceConfig {
  projectId: string;
}

/**
 * The BIM service configuration a browser uses: the one given (a host page's or a deployment's),
 * else, in local mode, the reference cloud's project (REFERENCE_BIM); else none (the viewers stay
 * off). No client secret: a secret in a browser bundle is public, so the cloud hands out BIM tokens
 * to the session instead (POST graph /bim-service/token).
 */
export function bimServiceConfigFor(settings: Pick<Settings, 'local'>, configured?: BimServiceConfig | null): BimServiceConfig | null {
  if (configured && configured.projectId) return { projectId: configured.projectId };
  if (settings.local) return { projectId: REFERENCE_BIM.projectId };
  return null;
}
