import { describe, expect, it } from 'vitest';
import { listMappingTablesResponse, listMappingsResponse, tagMeanings } from '../src/contract/index.js';

// Both shapes public clients read: the older library's (title, uuid, description, meanings) and version 7's.
const older = [{ title: 'Ventilation optimiser', uuid: 'm-1', description: 'Adjusts supply air.', meanings: [{ title: 'CO2', uuid: 'x-1', type: 'input' }] }];
const current = [{
  ...older[0],
  meanings: [...older[0]!.meanings, { title: 'Interval (minutes)', uuid: 'p-1', type: 'parameter' }],
  cause: { no: 'Høy CO2', en: 'High CO2' },
  consequence: { no: 'Dårlig inneklima', en: 'Poor indoor climate' },
  level: 'B',
  ratings: { comfort: 4, energy: 3, operation: 2 },
  cypher_query: null,
}];

describe('the mappings contract', () => {
  it('parses the older mapping shape and the current one', () => {
    expect(listMappingsResponse.parse(older)[0]).toEqual(older[0]);
    const parsed = listMappingsResponse.parse(current)[0]!;
    expect(parsed).toMatchObject({ level: 'B', ratings: { comfort: 4, energy: 3, operation: 2 }, cypher_query: null, cause: { en: 'High CO2' } });
    expect(tagMeanings(parsed).map((meaning) => meaning.title)).toEqual(['CO2']);
  });

  it('refuses ratings that are not numbers and parameters without a meaning', () => {
    expect(listMappingsResponse.safeParse([{ ...current[0], ratings: { comfort: 'high', energy: 3, operation: 2 } }]).success).toBe(false);
    const table = { title: 'T', uuid: 't', active: true, 'tag-mappings': [], parameters: [{ 'meaning-uuid': 'p-1', value: 15 }] };
    expect(listMappingTablesResponse.parse([table])[0]!.parameters).toEqual([{ 'meaning-uuid': 'p-1', value: 15 }]);
    expect(listMappingTablesResponse.safeParse([{ ...table, parameters: [{ name: 'interval', value: 15 }] }]).success).toBe(false);
  });
});
