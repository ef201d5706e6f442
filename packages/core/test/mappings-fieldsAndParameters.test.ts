import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudAppsStore, createHttpClient, login, parameterValueFromText, parameterValueText, setLanguage, type AccessTokens, type HttpClient } from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';
import { demoSites } from '../../server/src/seed/demoSites.js';

/** The cloud apps store edits a mapping's fields and a table's parameters, against the reference cloud. */
let cloud: Cloud;
let http: HttpClient;
let tokens: AccessTokens | null = null;

beforeAll(async () => {
  cloud = await startCloud();
  http = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
  const answer = await login(http, { piscadaId: demoUsers.admin.email, password: demoUsers.admin.password });
  if (answer.requireSmsValidation) throw new Error('unexpected SMS step');
  tokens = answer.accessTokens;
});
afterAll(() => cloud.close());

describe('parameter values as text', () => {
  it('keeps numbers, booleans and null through a round trip; other text stays text', () => {
    for (const value of [15, -2.5, 0, true, false, null, 'weekdays', '015', '1e3']) {
      expect(parameterValueFromText(parameterValueText(value))).toEqual(value);
    }
    expect(parameterValueFromText('  30 ')).toBe(30);
    expect(parameterValueFromText('   ')).toBeNull();
  });
});

describe('cloud apps store', () => {
  function newStore() {
    const store = createCloudAppsStore({ http: () => http, sleep: async () => undefined });
    return { store, state: () => store.getState() };
  }

  it('sets, changes and clears a table parameter; an unchanged value writes nothing', async () => {
    const { state } = newStore();
    await state().loadMappings();
    const heating = state().mappings.find((mapping) => mapping.title === 'Heating curve')!;
    const interval = heating.meanings.find((meaning) => meaning.type === 'parameter')!;
    await state().selectMapping(heating.uuid);
    state().selectTable(state().tables[0]!.uuid);
    expect(state().tables[0]!.parameters).toEqual([{ 'meaning-uuid': interval.uuid, value: 15 }]);

    expect(await state().setParameter(interval.uuid, '15')).toBe(false);
    expect(await state().setParameter(interval.uuid, ' 45 ')).toBe(true);
    expect(state().tables[0]!.parameters).toEqual([{ 'meaning-uuid': interval.uuid, value: 45 }]);
    expect(await state().setParameter(interval.uuid, '')).toBe(true);
    expect(state().tables[0]!.parameters).toEqual([]);

    expect(await state().setParameter('not-a-meaning', '1')).toBe(false);
    expect(state().error).toBe('Unknown parameter meaning not-a-meaning for mapping Heating curve');
  });

  it('maps a tag to a site the admin lacks: refused, and said in the UI\'s language with the site', async () => {
    const { state } = newStore();
    await state().loadMappings();
    const heating = state().mappings.find((mapping) => mapping.title === 'Heating curve')!;
    const tagMeaning = heating.meanings.find((meaning) => meaning.type !== 'parameter')!;
    await state().selectMapping(heating.uuid);
    state().selectTable(state().tables[0]!.uuid);
    const foreign = demoSites()[50]!.uuid;
    await setLanguage('se');
    try {
      expect(await state().setTagMapping(tagMeaning.uuid, 'controller-id', foreign)).toBe(false);
    } finally {
      await setLanguage('no');
    }
    expect(state().error).toBe(`Ingen åtkomst till anläggningen ${foreign}: be din administratör om den.`);
  });

  it('saves a mapping\'s fields and shows the cloud\'s detail when it refuses them', async () => {
    const { state } = newStore();
    await state().loadMappings();
    const heating = state().mappings.find((mapping) => mapping.title === 'Heating curve')!;
    await state().selectMapping(heating.uuid);
    const fields = {
      title: heating.title,
      description: heating.description,
      cause: { ...heating.cause, sv: 'Värmekurvan passar inte' },
      consequence: heating.consequence ?? {},
      level: 'A',
      ratings: { comfort: 2, energy: 5, operation: 1 },
      cypher_query: null,
    };
    expect(await state().saveMapping(fields)).toBe(true);
    expect(state().mappings.find((mapping) => mapping.uuid === heating.uuid)).toMatchObject({ level: 'A', cypher_query: null, cause: { sv: 'Värmekurvan passar inte' } });

    expect(await state().saveMapping({ ...fields, ratings: { comfort: 9, energy: 5, operation: 1 } })).toBe(false);
    expect(state().error).toMatch(/ratings\.comfort/);
    expect(state().mappings.find((mapping) => mapping.uuid === heating.uuid)?.ratings).toEqual({ comfort: 2, energy: 5, operation: 1 });
  });
});
