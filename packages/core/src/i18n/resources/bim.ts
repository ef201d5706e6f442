/**
 * BIM tool (core-shell §4, §5, §8). The zoom alert is Norwegian in the spec; en/se translate it.
 */
export const bim = {
  en: {
    unableToReachBackend: 'Unable to reach backend service',
    done: 'Done',
    noDataSetToSave: 'No data set to save',
    spansMoreThanOneBuilding: 'Data set spans more than one building - aborting.',
    confirmDeleteConnection: 'Are you sure you want to delete this connection?',
    confirmLeaveUnsaved: 'Do you really want to leave? You have unsaved changes!',
    objectNotFound: 'The object was not found in the loaded models. Load more layers and try again.',
    leave: 'Leave',
    stay: 'Stay',
  },
  no: {
    unableToReachBackend: 'Får ikke kontakt med tjenesten',
    done: 'Ferdig',
    noDataSetToSave: 'Ingen data å lagre',
    spansMoreThanOneBuilding: 'Datasettet gjelder mer enn ett bygg - avbryter.',
    confirmDeleteConnection: 'Er du sikker på at du vil slette denne koblingen?',
    confirmLeaveUnsaved: 'Vil du virkelig forlate siden? Du har endringer som ikke er lagret!',
    objectNotFound: 'Objektet ble ikke funnet i de innlastede modellene. Last inn flere lag og prøv igjen.',
    leave: 'Forlat siden',
    stay: 'Bli',
  },
  se: {
    unableToReachBackend: 'Kan inte nå tjänsten',
    done: 'Klart',
    noDataSetToSave: 'Ingen data att spara',
    spansMoreThanOneBuilding: 'Datamängden omfattar mer än en byggnad - avbryter.',
    confirmDeleteConnection: 'Är du säker på att du vill ta bort den här kopplingen?',
    confirmLeaveUnsaved: 'Vill du verkligen lämna sidan? Du har osparade ändringar!',
    objectNotFound: 'Objektet hittades inte i de inlästa modellerna. Läs in fler lager och försök igen.',
    leave: 'Lämna sidan',
    stay: 'Stanna',
  },
};
