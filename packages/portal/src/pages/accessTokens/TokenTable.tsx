import { formatDateTime, i18n } from '@varde/core';
import type { AccessTokenInfo } from '@varde/core/contract';
import { expiryText, lastUsedText } from './tokenTimes.js';
import { useAccessTokenTexts } from './useAccessTokenTexts.js';

/**
 * The tokens: name, scope, created, expires, last used (time and address), each with Revoke. Names are
 * the user's text, rendered as text. On a phone each row is a small card (cells carry their labels).
 */
export function TokenTable({ tokens, onRevoke }: { tokens: readonly AccessTokenInfo[]; onRevoke: (token: AccessTokenInfo) => void }) {
  const t = useAccessTokenTexts();
  const language = i18n.language;
  const now = Date.now();
  if (tokens.length === 0) return <p className="tokens-empty">{t('accessTokens:none')}</p>;
  const label = (key: string) => t(`accessTokens:${key}`);
  return (
    <table className="data-table" data-testid="token-table">
      <thead>
        <tr>
          <th scope="col">{label('name')}</th>
          <th scope="col">{label('scope')}</th>
          <th scope="col">{label('created')}</th>
          <th scope="col">{label('expires')}</th>
          <th scope="col">{label('lastUsed')}</th>
          <th scope="col" className="data-table__actions">
            <span className="visually-hidden">{label('revoke')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id} data-testid="token-row" data-token-name={token.name}>
            <th scope="row" className="data-table__name">
              {token.name}
            </th>
            <td data-label={label('scope')}>{label(token.scope === 'read' ? 'scopeRead' : 'scopeWrite')}</td>
            <td data-label={label('created')}>{formatDateTime(token.createdAt, language)}</td>
            <td data-label={label('expires')} data-expired={token.expiresAt !== null && token.expiresAt <= now ? '' : undefined}>
              {expiryText(token, now, language, t)}
            </td>
            <td data-label={label('lastUsed')}>{lastUsedText(token, language, t)}</td>
            <td className="data-table__actions">
              <button type="button" className="button-secondary" aria-label={t('accessTokens:revokeNamed', { name: token.name })} onClick={() => onRevoke(token)}>
                {label('revoke')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
