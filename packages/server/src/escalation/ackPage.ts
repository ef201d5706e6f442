import type { AlarmRow, LanguageCode } from '@varde/core/contract';
import { DateTime } from 'luxon';
import { escapeHtml } from '../oidc/html.js';

/** The words of the acknowledge page; the button's names are the issue's ("Acknowledge" / "Kvitter" / "Kvittera"). */
const TEXTS = {
  en: {
    title: 'Alarm', acknowledge: 'Acknowledge', openPortal: 'Open in portal', site: 'Site', tag: 'Tag', text: 'Text', priority: 'Class', since: 'Active since',
    told: 'Also told', nobodyElse: 'nobody else', done: 'Acknowledged', doneBody: 'The alarm is acknowledged in your name.',
    already: (by: string) => `The alarm was already acknowledged by ${by}.`, used: 'This link has been used', usedBody: 'Each link acknowledges once. Open the portal to see the alarm.',
    expired: 'This link has expired', expiredBody: 'Links in alarm messages work for 12 hours. Open the portal to see the alarm.',
    unknown: 'Unknown link', unknownBody: 'This link does not belong to any alarm message.', comment: 'Acknowledged from the link in the alarm message',
  },
  no: {
    title: 'Alarm', acknowledge: 'Kvitter', openPortal: 'Åpne i portalen', site: 'Anlegg', tag: 'Tag', text: 'Tekst', priority: 'Klasse', since: 'Aktiv siden',
    told: 'Også varslet', nobodyElse: 'ingen andre', done: 'Kvittert', doneBody: 'Alarmen er kvittert i ditt navn.',
    already: (by: string) => `Alarmen var allerede kvittert av ${by}.`, used: 'Lenken er brukt', usedBody: 'Hver lenke kvitterer én gang. Åpne portalen for å se alarmen.',
    expired: 'Lenken er utløpt', expiredBody: 'Lenker i alarmvarsler virker i 12 timer. Åpne portalen for å se alarmen.',
    unknown: 'Ukjent lenke', unknownBody: 'Lenken hører ikke til noe alarmvarsel.', comment: 'Kvittert fra lenken i alarmvarselet',
  },
  se: {
    title: 'Larm', acknowledge: 'Kvittera', openPortal: 'Öppna i portalen', site: 'Anläggning', tag: 'Tagg', text: 'Text', priority: 'Klass', since: 'Aktivt sedan',
    told: 'Även aviserade', nobodyElse: 'ingen annan', done: 'Kvitterat', doneBody: 'Larmet är kvitterat i ditt namn.',
    already: (by: string) => `Larmet var redan kvitterat av ${by}.`, used: 'Länken är använd', usedBody: 'Varje länk kvitterar en gång. Öppna portalen för att se larmet.',
    expired: 'Länken har gått ut', expiredBody: 'Länkar i larmaviseringar fungerar i 12 timmar. Öppna portalen för att se larmet.',
    unknown: 'Okänd länk', unknownBody: 'Länken hör inte till någon larmavisering.', comment: 'Kvitterat från länken i larmaviseringen',
  },
} satisfies Record<LanguageCode, unknown>;

export const ackComment = (language: LanguageCode) => TEXTS[language].comment;

/** Light and dark from the system's scheme; 16 px and full-width buttons for a 390 px phone. */
const CSS = `
:root{color-scheme:light dark;--bg:#eef1f4;--card:#fff;--text:#1d2733;--muted:#4a5866;--accent:#245a94;--on-accent:#fff;--line:#c9d1d9}
@media (prefers-color-scheme:dark){:root{--bg:#11161c;--card:#1b232c;--text:#e6edf3;--muted:#b3c0cc;--accent:#8cc2ff;--on-accent:#0b1a2a;--line:#3a4652}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:var(--card);border-radius:10px;padding:20px;border:1px solid var(--line)}
h1{margin:0 0 12px;font-size:1.35rem}
dl{margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:6px 12px}
dt{color:var(--muted);font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
p{line-height:1.45;margin:0 0 16px}
button,.button{display:block;width:100%;padding:12px;font-size:16px;font-weight:600;border-radius:6px;text-align:center;text-decoration:none;cursor:pointer}
button{border:0;background:var(--accent);color:var(--on-accent)}
.button{margin-top:10px;border:1px solid var(--accent);color:var(--accent);background:transparent}
`;

function page(language: LanguageCode, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${language === 'se' ? 'sv' : language === 'no' ? 'nb' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main><div class="card">
${body}
</div></main>
</body>
</html>`;
}

export interface AckPageFacts {
  alarm: AlarmRow;
  /** E-mail of everyone else the escalation told. */
  othersTold: string[];
  token: string;
  portalUrl: string;
}

const since = (iso: string, language: LanguageCode) =>
  DateTime.fromISO(iso, { zone: 'Europe/Oslo' }).setLocale(language === 'se' ? 'sv' : language === 'no' ? 'nb' : 'en-GB').toFormat('d LLL yyyy HH:mm');

/** The alarm with "Acknowledge" (a POST: a GET never acknowledges) and "Open in portal". Every value is escaped. */
export function ackFormPage(language: LanguageCode, facts: AckPageFacts, notice?: string): string {
  const t = TEXTS[language];
  const { alarm } = facts;
  const rows: Array<[string, string]> = [
    [t.site, alarm.site], [t.tag, alarm.tagName], [t.text, alarm.text], [t.priority, alarm.alarmGroup], [t.since, since(alarm.active, language)],
    [t.told, facts.othersTold.length > 0 ? facts.othersTold.join(', ') : t.nobodyElse],
  ];
  const form = notice
    ? `<p role="status">${escapeHtml(notice)}</p>`
    : `<form method="post" action="/a/${escapeHtml(facts.token)}"><button type="submit">${escapeHtml(t.acknowledge)}</button></form>`;
  return page(language, `${t.title} ${alarm.alarmGroup}: ${alarm.tagName}`, `<h1>${escapeHtml(`${t.title} ${alarm.alarmGroup}: ${alarm.tagName}`)}</h1>
<dl>${rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${form}
<a class="button" href="${escapeHtml(facts.portalUrl)}">${escapeHtml(t.openPortal)}</a>`);
}

export function ackDonePage(language: LanguageCode, facts: AckPageFacts, acknowledgedBy: string, byMe: boolean): string {
  const t = TEXTS[language];
  return ackFormPage(language, facts, byMe ? t.doneBody : t.already(acknowledgedBy)).replace(`<title>${escapeHtml(`${t.title} ${facts.alarm.alarmGroup}: ${facts.alarm.tagName}`)}</title>`, `<title>${escapeHtml(t.done)}</title>`);
}

/** A link that cannot acknowledge: used (410), expired (410) or unknown (404); it says which. */
export function ackGonePage(language: LanguageCode, why: 'used' | 'expired' | 'unknown', portalUrl: string): string {
  const t = TEXTS[language];
  const [title, body] = why === 'used' ? [t.used, t.usedBody] : why === 'expired' ? [t.expired, t.expiredBody] : [t.unknown, t.unknownBody];
  return page(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><a class="button" href="${escapeHtml(portalUrl)}">${escapeHtml(t.openPortal)}</a>`);
}
