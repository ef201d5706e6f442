/**
 * The reference cloud's BIM project and client (public demo values, like the demo passwords), for
 * local mode. Production's come from configuration. The server test bim-service checks they match.
 */
export const REFERENCE_BIM = {
  projectId: 'a1caf59aa6c6b4603e98b3a3c869c4a7',
  clientId: 'varde-portal',
  clientSecret: 'varde-bim-demo-secret',
  /** The demo building's name: the seeded connections belong to it. */
  buildingName: 'Fjordheim kontorbygg',
} as const;
