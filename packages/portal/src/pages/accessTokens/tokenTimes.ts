import { formatDateTime } from '@varde/core';
import type { AccessTokenInfo } from '@varde/core/contract';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "27.11.2026, 00:50", "Never", or "Expired (27.11.2026, 00:50)" once past. */
export function expiryText(token: Pick<AccessTokenInfo, 'expiresAt'>, now: number, language: string, t: Translate): string {
  if (token.expiresAt === null) return t('accessTokens:never');
  const when = formatDateTime(token.expiresAt, language);
  return token.expiresAt <= now ? `${t('accessTokens:expired')} (${when})` : when;
}

/** "27.11.2026, 00:50 from 10.0.0.7", or "Not used yet". */
export function lastUsedText(token: Pick<AccessTokenInfo, 'lastUsedAt' | 'lastUsedAddress'>, language: string, t: Translate): string {
  if (token.lastUsedAt === null) return t('accessTokens:notUsed');
  const time = formatDateTime(token.lastUsedAt, language);
  return token.lastUsedAddress ? t('accessTokens:usedFrom', { time, address: token.lastUsedAddress }) : time;
}
