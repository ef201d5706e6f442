/** Licence administration (admin §8). */
export const licenses = {
  en: {
    generated: 'License generated!',
    generateFailed: 'Failed to generate license',
    edited: 'License Edited',
    editFailed: 'Failed to edit license',
    renewed: 'License renewed!',
    renewFailed: 'Failed to renew license',
    archived: 'License archived',
    archiveFailed: 'Failed to archive license',
  },
  no: {
    generated: 'Lisens generert!',
    generateFailed: 'Kunne ikke generere lisens',
    edited: 'Lisens endret',
    editFailed: 'Kunne ikke endre lisens',
    renewed: 'Lisens fornyet!',
    renewFailed: 'Kunne ikke fornye lisens',
    archived: 'Lisens arkivert',
    archiveFailed: 'Kunne ikke arkivere lisens',
  },
  se: {
    generated: 'Licens genererad!',
    generateFailed: 'Kunde inte generera licens',
    edited: 'Licens ändrad',
    editFailed: 'Kunde inte ändra licens',
    renewed: 'Licens förnyad!',
    renewFailed: 'Kunde inte förnya licens',
    archived: 'Licens arkiverad',
    archiveFailed: 'Kunde inte arkivera licens',
  },
};
