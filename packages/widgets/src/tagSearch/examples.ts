/** Example queries offered on the search page (a host may pass its own list). */
export const DEFAULT_EXAMPLE_QUERIES: readonly string[] = [
  'Romtemperatur',
  'Utetemperatur',
  'Sirkulasjonspumpe',
  'Ventil',
  'Ventilasjonsaggregat',
  'Tilluftsvifte',
  'Trykk',
  'Nivå',
  'Energimåler',
  'CO2',
  'Kjølemaskin',
  'Alarm',
];
