import type { CreatedConnection } from '@varde/core/contract';
import { bearer, call, signIn, type JsonAnswer } from './http.js';
import type { Cloud } from './startCloud.js';

/** The users service's token of a signed-in demo user. */
export async function usersToken(cloud: Cloud, user: { email: string; password: string }): Promise<string> {
  return (await signIn(cloud, user.email, user.password)).accessTokens['users.localhost']!;
}

/** A directory connection made by `admin` (signed in): its base URL and token. */
export async function makeConnection(cloud: Cloud, admin: { email: string; password: string }, name = 'Entra ID'): Promise<CreatedConnection> {
  const answer = await call(cloud, '/cloud/users/directory/connections', { json: { name }, headers: bearer(await usersToken(cloud, admin)) });
  if (answer.status !== 201) throw new Error(`connection: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as CreatedConnection;
}

/** A SCIM request with the connection's token, its body sent as application/scim+json. */
export function scim(cloud: Cloud, token: string) {
  return (method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> =>
    call(cloud, `/scim/v2${path}`, {
      method,
      headers: { ...bearer(token), ...(json === undefined ? {} : { 'content-type': 'application/scim+json' }), ...headers },
      ...(json === undefined ? {} : { body: typeof json === 'string' ? json : JSON.stringify(json) }),
    });
}
