/** The demo's building-automation vocabulary: tags every site has and the alarms they raise. */

export interface DemoTagTemplate {
  name: string;
  description: string;
  /** Values the tag takes (the simulation moves between them). */
  values: readonly string[];
}

export const DEMO_TAGS: readonly DemoTagTemplate[] = [
  { name: 'RT401', description: 'Romtemperatur kontor 2. etg', values: ['20.8 °C', '21.4 °C', '22.1 °C', '23.9 °C'] },
  { name: 'RT402', description: 'Romtemperatur møterom', values: ['21.0 °C', '21.7 °C', '24.6 °C'] },
  { name: 'RT901', description: 'Utetemperatur', values: ['-8.2 °C', '-1.5 °C', '3.4 °C', '11.9 °C'] },
  { name: 'JP401', description: 'Sirkulasjonspumpe varme', values: ['På', 'Av', 'Feil'] },
  { name: 'SB401', description: 'Ventil varmebatteri', values: ['12 %', '37 %', '64 %', '100 %'] },
  { name: 'LX360', description: 'Ventilasjonsaggregat 360.01', values: ['Drift', 'Stopp', 'Nattsenking'] },
  { name: 'FT401', description: 'Tilluftsvifte frekvens', values: ['38 Hz', '42 Hz', '50 Hz'] },
  { name: 'PT501', description: 'Trykk fjernvarme tur', values: ['4.1 bar', '4.4 bar', '5.0 bar'] },
  { name: 'LT601', description: 'Nivå renvannsbasseng', values: ['2.31 m', '2.87 m', '3.02 m'] },
  { name: 'OE001', description: 'Energimåler hovedtavle', values: ['120 455 kWh', '120 981 kWh', '121 340 kWh'] },
  { name: 'QT701', description: 'CO2 klasserom', values: ['540 ppm', '820 ppm', '1240 ppm'] },
  { name: 'KA801', description: 'Kjølemaskin status', values: ['Klar', 'Drift', 'Alarm'] },
];

export interface DemoAlarmTemplate {
  alarmGroup: 'A' | 'B' | 'C';
  tagName: string;
  text: string;
  value: string;
}

export const DEMO_ALARMS: readonly DemoAlarmTemplate[] = [
  { alarmGroup: 'A', tagName: 'JP401', text: 'Pumpefeil sirkulasjonspumpe varme', value: 'Feil' },
  { alarmGroup: 'A', tagName: 'LS101', text: 'Lekkasjealarm teknisk rom', value: '1' },
  { alarmGroup: 'A', tagName: 'BR001', text: 'Brannalarm fra sentral', value: 'Utløst' },
  { alarmGroup: 'A', tagName: 'LT601', text: 'Lavt nivå renvannsbasseng', value: '0.42 m' },
  { alarmGroup: 'B', tagName: 'RT401', text: 'Høy romtemperatur kontor 2. etg', value: '27.3 °C' },
  { alarmGroup: 'B', tagName: 'PD360', text: 'Filtervakt tilluft', value: '312 Pa' },
  { alarmGroup: 'B', tagName: 'RT360', text: 'Lav tilluftstemperatur', value: '12.1 °C' },
  { alarmGroup: 'B', tagName: 'QT701', text: 'Høy CO2 klasserom', value: '1480 ppm' },
  { alarmGroup: 'C', tagName: 'LX360', text: 'Servicevarsel ventilasjonsaggregat', value: '8760 t' },
  { alarmGroup: 'C', tagName: 'MB001', text: 'Kommunikasjonsfeil M-bus', value: 'Tidsavbrudd' },
  { alarmGroup: 'C', tagName: 'PD361', text: 'Filterbytte anbefalt', value: '240 Pa' },
  { alarmGroup: 'C', tagName: 'OE001', text: 'Energimåler ikke avlest', value: '—' },
];
