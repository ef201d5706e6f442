/**
 * The reference cloud's BIM project and client id, for local mode (production's come from
 * configuration). No client secret: browsers get BIM tokens from the signed-in session
 * (bimServiceClient's `session` credentials). The server test bim-service checks these match.
 */
export const REFERENCE_BIM = {
  projectId: 'a1caf59aa6c6b4603e98b3a3c869c4a7',
  clientId: 'varde-portal',
  /** The demo building's name: the seeded connections belong to it. */
  buildingName: 'Fjordheim kontorbygg',
} as const;
