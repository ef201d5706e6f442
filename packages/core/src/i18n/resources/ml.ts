/** ML explorer (admin §8). 'Error occured.' is the spec's text, spelling included. */
export const ml = {
  en: {
    genericError: 'Error occured.',
    fetchServerCopyFailed: 'Failed to fetch the server copy',
    overwriteTitle: 'The model was changed on the server',
    overwriteBody: 'Someone else saved this item after you opened it. Overwrite their changes?',
    abort: 'Abort',
    overwrite: 'Overwrite',
  },
  no: {
    genericError: 'Det oppstod en feil.',
    fetchServerCopyFailed: 'Kunne ikke hente serverens versjon',
    overwriteTitle: 'Modellen er endret på serveren',
    overwriteBody: 'Noen andre har lagret dette etter at du åpnet det. Vil du overskrive endringene deres?',
    abort: 'Avbryt',
    overwrite: 'Overskriv',
  },
  se: {
    genericError: 'Ett fel inträffade.',
    fetchServerCopyFailed: 'Kunde inte hämta serverns version',
    overwriteTitle: 'Modellen har ändrats på servern',
    overwriteBody: 'Någon annan har sparat detta efter att du öppnade det. Vill du skriva över deras ändringar?',
    abort: 'Avbryt',
    overwrite: 'Skriv över',
  },
};
