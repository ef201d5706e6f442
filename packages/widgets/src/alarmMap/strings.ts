import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of the alarm map. */
export const alarmMapStrings = widgetStrings('alarmMapWidget', {
  en: {
    mapLabel: 'Map of sites with active alarms',
    backToList: 'Back to the alarm list',
    loadingMap: 'Loading the map…',
    mapFailed: 'The map could not be loaded.',
    noTiles: 'Map background is off (no tile server configured); markers show the sites’ positions.',
    latestTag: 'Latest: {{tag}}',
    activeCount: 'Active alarms: {{count}}',
    markerCount: 'Sites with active alarms: {{count}}',
    legend: 'Class',
    other: 'Other',
  },
  no: {
    mapLabel: 'Kart over anlegg med aktive alarmer',
    backToList: 'Tilbake til alarmlisten',
    loadingMap: 'Laster kartet…',
    mapFailed: 'Kartet kunne ikke lastes.',
    noTiles: 'Kartbakgrunn er av (ingen kartserver satt opp); markørene viser anleggenes posisjon.',
    latestTag: 'Siste: {{tag}}',
    activeCount: 'Aktive alarmer: {{count}}',
    markerCount: 'Anlegg med aktive alarmer: {{count}}',
    legend: 'Klasse',
    other: 'Andre',
  },
  se: {
    mapLabel: 'Karta över anläggningar med aktiva larm',
    backToList: 'Tillbaka till larmlistan',
    loadingMap: 'Laddar kartan…',
    mapFailed: 'Kartan kunde inte laddas.',
    noTiles: 'Kartbakgrunden är av (ingen kartserver inställd); markörerna visar anläggningarnas position.',
    latestTag: 'Senaste: {{tag}}',
    activeCount: 'Aktiva larm: {{count}}',
    markerCount: 'Anläggningar med aktiva larm: {{count}}',
    legend: 'Klass',
    other: 'Övriga',
  },
});
