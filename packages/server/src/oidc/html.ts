/** HTML helpers for the provider's server-rendered pages: escaping and one small page layout. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Plain, offline CSS: system fonts, one centred card, 16px inputs so phones do not zoom. */
const CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f4;color:#1d2733}
main{width:100%;max-width:380px;margin:8vh 16px 24px;padding:28px 24px;background:#fff;border-radius:10px;
  box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{margin:0 0 8px;font-size:1.4rem;font-weight:600}
p{margin:0 0 16px;line-height:1.45}
label{display:block;margin:14px 0 6px;font-size:.9rem;font-weight:600}
input{width:100%;padding:11px 12px;font-size:16px;border:1px solid #b8c2cc;border-radius:6px}
input:focus{outline:2px solid #2f6fb3;outline-offset:1px}
button{width:100%;margin-top:20px;padding:12px;font-size:16px;font-weight:600;border:0;border-radius:6px;
  background:#2f6fb3;color:#fff;cursor:pointer}
button.secondary{margin-top:10px;background:#fff;color:#2f6fb3;border:1px solid #2f6fb3}
.alert{margin:12px 0 0;padding:10px 12px;border-radius:6px;background:#fdecea;color:#8a1c12;font-size:.95rem}
.notice{margin:12px 0 0;padding:10px 12px;border-radius:6px;background:#e6f4ea;color:#1e4620;font-size:.95rem}
a{color:#2f6fb3}
`;

export interface PageOptions {
  lang: string;
  title: string;
  /** Already escaped HTML of the card's content. */
  body: string;
  /** Optional inline script (trusted, written by this module only). */
  script?: string;
}

export function renderPage({ lang, title, body, script }: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>`;
}

/** A visible error line, announced by screen readers. */
export function alertBox(message: string | undefined): string {
  return message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '';
}
