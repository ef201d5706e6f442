import { expect, it } from 'vitest';
import { migrateSqlite } from '../src/storage/db.js';
import { databaseBefore } from './helpers/migrateUpTo.js';

it('migration 120 turns {name, value} parameters into {"meaning-uuid", value}, losing none', () => {
  const db = databaseBefore('120-mapping-fields');
  const meanings = JSON.stringify([{ title: 'interval_minutes', uuid: 'p-1', type: 'parameter' }]);
  db.prepare("INSERT INTO mappings (uuid, title, description, meanings) VALUES ('m-1', 'M', '', ?)").run(meanings);
  const table = db.prepare("INSERT INTO mapping_tables VALUES ('m-1', ?, 'T', 1, '[]', ?, ?)");
  table.run('t-1', JSON.stringify([{ name: 'interval_minutes', value: 15 }, { name: 'gone', value: 'x' }]), 1);
  table.run('t-2', '[]', 2);

  migrateSqlite(db);

  const parameters = (uuid: string) => JSON.parse((db.prepare('SELECT parameters FROM mapping_tables WHERE uuid = ?').get(uuid) as { parameters: string }).parameters);
  expect(parameters('t-1')).toEqual([{ 'meaning-uuid': 'p-1', value: 15 }, { 'meaning-uuid': 'gone', value: 'x' }]);
  expect(parameters('t-2')).toEqual([]);
  expect(db.prepare("SELECT level, ratings, cypher_query FROM mappings WHERE uuid = 'm-1'").get()).toEqual({
    level: '', ratings: '{"comfort":0,"energy":0,"operation":0}', cypher_query: null,
  });
});
