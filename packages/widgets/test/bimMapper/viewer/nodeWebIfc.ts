/**
 * web-ifc in Node for the viewer tests: the same parseIfcModel the browsers run, with the Node wasm
 * (web-ifc-node.wasm, found by web-ifc itself), and the demo building's IFC files and viewer URLs.
 */
import { IfcAPI } from 'web-ifc';
import { REFERENCE_BIM } from '@varde/core';
import { DEMO_PASSWORD, demoUsers } from '../../helpers/cloud.js';
import { parseIfcModel } from '../../../src/bimMapper/viewer/local/ifcModel.js';
import type { IfcParser } from '../../../src/bimMapper/viewer/local/modelSet.js';

let api: Promise<IfcAPI> | null = null;

export function nodeIfcApi(): Promise<IfcAPI> {
  api ??= (async () => {
    const instance = new IfcAPI();
    await instance.Init(undefined, true);
    return instance;
  })();
  return api;
}

/** A parser that counts its calls (a model must be parsed once however often it is shown). */
export function countingParser(): IfcParser & { calls: number } {
  const parse = Object.assign(
    async (bytes: Uint8Array) => {
      parse.calls += 1;
      return parseIfcModel(await nodeIfcApi(), bytes);
    },
    { calls: 0 },
  );
  return parse;
}

/** A viewer token URL from the reference cloud's BIM service (a signed-in user's BIM token, as browsers get it). */
export async function viewerUrlFrom(cloudUrl: string, kind: 'viewer3d' | 'viewer2d'): Promise<string> {
  const base = `${cloudUrl}/cloud/bim`;
  const login = await fetch(`${cloudUrl}/cloud/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ piscadaId: demoUsers.powerUser.email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in: HTTP ${login.status}`);
  const { accessTokens } = (await login.json()) as { accessTokens: Record<string, string> };
  const graph = Object.entries(accessTokens).find(([host]) => host.startsWith('graph.'))?.[1];
  const auth = await fetch(`${cloudUrl}/cloud/graph/bim-service/token`, { method: 'POST', headers: { authorization: `Bearer ${graph}` } });
  if (!auth.ok) throw new Error(`BIM token: HTTP ${auth.status}`);
  const { access_token: accessToken } = (await auth.json()) as { access_token: string };
  const answer = await fetch(`${base}/v2/projects/${REFERENCE_BIM.projectId}/${kind}/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!answer.ok) throw new Error(`viewer token: HTTP ${answer.status}`);
  return ((await answer.json()) as { url: string }).url;
}
