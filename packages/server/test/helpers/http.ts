import { request as httpRequest } from 'node:http';
import type { OutboxMessage, SignedIn } from '@varde/core/contract';
import type { Cloud } from './startCloud.js';

export interface JsonAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch against the cloud; the body is parsed as JSON when it is JSON. */
export async function call<T = any>(
  cloud: Pick<Cloud, 'url'>,
  path: string,
  init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(`${cloud.url}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, headers: response.headers, body: type.includes('json') ? JSON.parse(text) : text };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Signs in with a password (no SMS second factor) and returns the SignedIn body. */
export async function signIn(cloud: Pick<Cloud, 'url'>, email: string, password: string) {
  const answer = await call(cloud, '/cloud/auth/login', { json: { piscadaId: email, password } });
  if (answer.status !== 200 || answer.body.requireSmsValidation !== false) {
    throw new Error(`sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as SignedIn;
}

/** The newest outbox message to `to`. */
export async function latestMessageTo(cloud: Pick<Cloud, 'url'>, to: string) {
  const answer = await call(cloud, `/cloud/outbox/messages?to=${encodeURIComponent(to)}`);
  const message = answer.body.data[0];
  if (!message) throw new Error(`no message to ${to}`);
  return message as OutboxMessage;
}

/** A request with a chosen Host header (fetch does not let a caller set Host), to 127.0.0.1. */
export function requestWithHost(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { ...headers, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const json = (res.headers['content-type'] ?? '').includes('json');
        resolve({ status: res.statusCode ?? 0, body: json ? JSON.parse(text) : text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
