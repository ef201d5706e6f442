import type { OutboxMessage } from '@varde/core/contract';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Links in message bodies become clickable (after escaping, so nothing else can become markup). */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMessage(message: OutboxMessage): string {
  const when = new Date(message.createdAt).toISOString().replace('T', ' ').slice(0, 19);
  const subject = message.subject ? `<h2>${escapeHtml(message.subject)}</h2>` : '';
  return `<article class="${message.channel}">
  <header><span class="channel">${message.channel === 'sms' ? 'SMS' : 'E-mail'}</span>
  <span class="to">to ${escapeHtml(message.to)}</span> <time>${when} UTC</time> <span class="id">#${message.id}</span></header>
  ${subject}<pre>${linkify(escapeHtml(message.body))}</pre>
</article>`;
}

/** The outbox as a page: newest first, every text escaped. */
export function renderOutboxPage(messages: OutboxMessage[]): string {
  const list = messages.length > 0 ? messages.map(renderMessage).join('\n') : '<p class="empty">No messages yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Varde outbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1d2733; }
  h1 { font-size: 1.4rem; } p.note { color: #56606b; }
  article { border: 1px solid #d5dbe1; border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
  article.sms { border-left: 4px solid #2e7d32; } article.email { border-left: 4px solid #1565c0; }
  header { font-size: .85rem; color: #56606b; display: flex; gap: .75rem; flex-wrap: wrap; }
  .channel { font-weight: 600; color: #1d2733; }
  h2 { font-size: 1rem; margin: .5rem 0 0; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: .5rem 0 0; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p class="note">Every e-mail and SMS this reference cloud has sent, newest first. It stands in for the phones and
mailboxes of the demo world. JSON: <a href="/cloud/outbox/messages">/cloud/outbox/messages</a>.</p>
${list}
</body>
</html>
`;
}
