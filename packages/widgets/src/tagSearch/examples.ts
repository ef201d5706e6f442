/**
 * Example queries offered on the search page (a host may pass its own list). A site's tags are written in
 * the language of whoever set the site up, not the reader's: each default example is shown in the UI
 * language and searches its word in Norwegian, English and Swedish, so "Room temperature" finds the
 * Norwegian sites' "Romtemperatur" too (issue 37, item 6).
 */
export interface ExampleQuery {
  /** What the list shows. */
  label: string;
  /** What it searches (one query per text). */
  texts: readonly string[];
}

type Words = Record<'no' | 'en' | 'se', string>;

const EXAMPLES: readonly Words[] = [
  { no: 'Romtemperatur', en: 'Room temperature', se: 'Rumstemperatur' },
  { no: 'Utetemperatur', en: 'Outdoor temperature', se: 'Utetemperatur' },
  { no: 'Sirkulasjonspumpe', en: 'Circulation pump', se: 'Cirkulationspump' },
  { no: 'Ventil', en: 'Valve', se: 'Ventil' },
  { no: 'Ventilasjonsaggregat', en: 'Air handling unit', se: 'Ventilationsaggregat' },
  { no: 'Tilluftsvifte', en: 'Supply air fan', se: 'Tilluftsfläkt' },
  { no: 'Trykk', en: 'Pressure', se: 'Tryck' },
  { no: 'Nivå', en: 'Level', se: 'Nivå' },
  { no: 'Energimåler', en: 'Energy meter', se: 'Energimätare' },
  { no: 'CO2', en: 'CO2', se: 'CO2' },
  { no: 'Kjølemaskin', en: 'Chiller', se: 'Kylmaskin' },
  { no: 'Alarm', en: 'Alarm', se: 'Larm' },
];

/** The Norwegian examples, as before languages were added (kept for hosts that read them). */
export const DEFAULT_EXAMPLE_QUERIES: readonly string[] = EXAMPLES.map((words) => words.no);

/** The default examples in the UI language (`no`, `en`, `se`/`sv`; anything else reads Norwegian), each searching its word in all three. */
export function defaultExampleQueries(language: string): ExampleQuery[] {
  const shown: keyof Words = language === 'en' ? 'en' : language === 'se' || language === 'sv' ? 'se' : 'no';
  return EXAMPLES.map((words) => ({ label: words[shown], texts: [...new Set([words[shown], words.no, words.en, words.se])] }));
}

/** A host's own examples: each searches itself. */
export function hostExampleQueries(examples: readonly string[]): ExampleQuery[] {
  return examples.map((example) => ({ label: example, texts: [example] }));
}
