import { isAtOrBelow } from '../paths.js';

/** Reading the fields of a wire request body (`b`); shape errors become BadRequestError. */
export type Body = Record<string, unknown>;

/** A request whose shape is wrong; answered `invalid_request`, never thrown past the session. */
export class BadRequestError extends Error {}

export function isBody(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function pathOf(body: Body): string {
  if (typeof body.p !== 'string') throw new BadRequestError('Request needs a path p');
  return body.p;
}

export function tagOf(body: Body): number | undefined {
  return typeof body.t === 'number' ? body.t : undefined;
}

export function childrenOf(body: Body): Body {
  if (!isBody(body.d)) throw new BadRequestError('A merge needs an object of children d');
  return body.d;
}

export function listenKey(path: string, tag: number | undefined): string {
  return `${path}|${tag ?? 'default'}`;
}

export function touches(a: string, b: string): boolean {
  return isAtOrBelow(a, b) || isAtOrBelow(b, a);
}
