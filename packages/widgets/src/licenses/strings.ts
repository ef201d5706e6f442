import { licenses as licensesTexts } from '@varde/core/texts/licenses';
import { widgetStrings } from '../shared/widgetStrings.js';

/**
 * Texts of <varde-licenses>. The snackbar texts are core's `licenses` namespace (the spec's
 * catalogue); 'You sure you want to delete license?' and 'Field is required' are quoted verbatim.
 */
export const licensesStrings = widgetStrings('licensesWidget', {
  en: {
    partner: 'Partner', search: 'Search', archived: 'Archived', allPartners: 'All partners', add: 'Add license',
    name: 'Name', issuedTo: 'Issued to', type: 'Type', issueDate: 'Issue date', expirationDate: 'Expiration date',
    hardwareId: 'Hardware id', administrator: 'Administrator', issuedBy: 'Issued by', id: 'License id',
    previous: 'Previous licenses', none: 'none', timeZone: 'Time zone', expiration: 'Expiration', expiresOn: 'expires {{date}}',
    archivedAt: 'Archived', details: 'Details of {{name}}', download: 'Download', renew: 'Renew', delete: 'Delete', edit: 'Edit',
    confirmDelete: 'You sure you want to delete license?', cancel: 'Cancel', save: 'Save', generate: 'Generate',
    addTitle: 'New license', editTitle: 'Edit license', renewTitle: 'Renew license', close: 'Close',
    required: 'Field is required', chooseType: 'Choose a license type', noPartners: 'You are not a licensing administrator for any partner.',
    empty: 'No licenses.', noResults: 'Your search for "{{text}}" found no results.', loading: 'Loading licenses…',
    signedOut: 'Sign in to manage your partners\' licenses.', signIn: 'Sign in', renewNote: 'The renewed license is issued today and replaces {{name}}.',
    editNote: 'The license is reissued with the same dates and replaces the current one.',
  },
  no: {
    partner: 'Partner', search: 'Søk', archived: 'Arkiverte', allPartners: 'Alle partnere', add: 'Legg til lisens',
    name: 'Navn', issuedTo: 'Utstedt til', type: 'Type', issueDate: 'Utstedt', expirationDate: 'Utløper',
    hardwareId: 'Maskinvare-id', administrator: 'Administrator', issuedBy: 'Utstedt av', id: 'Lisens-id',
    previous: 'Tidligere lisenser', none: 'ingen', timeZone: 'Tidssone', expiration: 'Varighet', expiresOn: 'utløper {{date}}',
    archivedAt: 'Arkivert', details: 'Detaljer for {{name}}', download: 'Last ned', renew: 'Forny', delete: 'Slett', edit: 'Endre',
    confirmDelete: 'Er du sikker på at du vil slette lisensen?', cancel: 'Avbryt', save: 'Lagre', generate: 'Generer',
    addTitle: 'Ny lisens', editTitle: 'Endre lisens', renewTitle: 'Forny lisens', close: 'Lukk',
    required: 'Feltet må fylles ut', chooseType: 'Velg en lisenstype', noPartners: 'Du er ikke lisensadministrator for noen partner.',
    empty: 'Ingen lisenser.', noResults: 'Søket etter "{{text}}" ga ingen treff.', loading: 'Laster lisenser…',
    signedOut: 'Logg inn for å administrere lisensene til partnerne dine.', signIn: 'Logg inn', renewNote: 'Den fornyede lisensen utstedes i dag og erstatter {{name}}.',
    editNote: 'Lisensen utstedes på nytt med samme datoer og erstatter den nåværende.',
  },
  se: {
    partner: 'Partner', search: 'Sök', archived: 'Arkiverade', allPartners: 'Alla partner', add: 'Lägg till licens',
    name: 'Namn', issuedTo: 'Utfärdad till', type: 'Typ', issueDate: 'Utfärdad', expirationDate: 'Går ut',
    hardwareId: 'Hårdvaru-id', administrator: 'Administratör', issuedBy: 'Utfärdad av', id: 'Licens-id',
    previous: 'Tidigare licenser', none: 'inga', timeZone: 'Tidszon', expiration: 'Giltighet', expiresOn: 'går ut {{date}}',
    archivedAt: 'Arkiverad', details: 'Detaljer för {{name}}', download: 'Ladda ner', renew: 'Förnya', delete: 'Ta bort', edit: 'Ändra',
    confirmDelete: 'Är du säker på att du vill ta bort licensen?', cancel: 'Avbryt', save: 'Spara', generate: 'Generera',
    addTitle: 'Ny licens', editTitle: 'Ändra licens', renewTitle: 'Förnya licens', close: 'Stäng',
    required: 'Fältet måste fyllas i', chooseType: 'Välj en licenstyp', noPartners: 'Du är inte licensadministratör för någon partner.',
    empty: 'Inga licenser.', noResults: 'Sökningen efter "{{text}}" gav inga träffar.', loading: 'Laddar licenser…',
    signedOut: 'Logga in för att hantera dina partners licenser.', signIn: 'Logga in', renewNote: 'Den förnyade licensen utfärdas i dag och ersätter {{name}}.',
    editNote: 'Licensen utfärdas på nytt med samma datum och ersätter den nuvarande.',
  },
}, { licenses: licensesTexts });

/** 'P1Y' -> '1 year' etc. for the expiry choices (en/no/se). */
const UNITS: Record<string, Record<'Y' | 'M' | 'W' | 'D', [string, string]>> = {
  en: { Y: ['year', 'years'], M: ['month', 'months'], W: ['week', 'weeks'], D: ['day', 'days'] },
  no: { Y: ['år', 'år'], M: ['måned', 'måneder'], W: ['uke', 'uker'], D: ['dag', 'dager'] },
  se: { Y: ['år', 'år'], M: ['månad', 'månader'], W: ['vecka', 'veckor'], D: ['dag', 'dagar'] },
};

export function durationLabel(duration: string, language: string): string {
  const units = UNITS[language] ?? UNITS.en!;
  const parts = [...duration.matchAll(/(\d+)([YMWD])/g)].map(([, count, unit]) => {
    const [one, many] = units[unit as 'Y']!;
    return `${count} ${Number(count) === 1 ? one : many}`;
  });
  return parts.length > 0 ? `${parts.join(' ')} (${duration})` : duration;
}
