/**
 * Notification rules and their test (admin §8). The spec quotes the rule texts in Norwegian; the
 * English catalogue keeps them verbatim, Swedish translates.
 */
export const notifications = {
  en: {
    failed: 'Error: {{status}}{{statusText}}',
    saved: 'Regelsett oppdatert!',
    allDeleted: 'Alle regler slettet',
    empty: 'Ingen regler funnet',
    testErrorCode: 'Error code: {{code}}',
    testErrorMessage: 'Message: {{message}}',
  },
  no: {
    failed: 'Feil: {{status}}{{statusText}}',
    saved: 'Regelsett oppdatert!',
    allDeleted: 'Alle regler slettet',
    empty: 'Ingen regler funnet',
    testErrorCode: 'Feilkode: {{code}}',
    testErrorMessage: 'Melding: {{message}}',
  },
  se: {
    failed: 'Fel: {{status}}{{statusText}}',
    saved: 'Regeluppsättningen uppdaterad!',
    allDeleted: 'Alla regler borttagna',
    empty: 'Inga regler hittades',
    testErrorCode: 'Felkod: {{code}}',
    testErrorMessage: 'Meddelande: {{message}}',
  },
};
