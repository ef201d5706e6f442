import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/storage/db.js';
import { databaseBefore } from './helpers/migrateUpTo.js';

describe('migration 100: existing rows go to their creator’s partner', () => {
  it('moves functions and ML models to the main partner of who made them, mappings to the operator', () => {
    const db = databaseBefore('100-partner-ownership');
    db.prepare("INSERT INTO realtime_leaves VALUES ('/users/u-fjord/mainPartner', '\"fjordvarme\"')").run();
    const fn = db.prepare("INSERT INTO cloud_functions VALUES (?, 'd', '', 'src', 1, 0, ?, '{}')");
    fn.run('fjord-fn', 'u-fjord');
    fn.run('lonely-fn', 'u-none');
    db.prepare("INSERT INTO anomaly_models VALUES ('m1', 'model', '', '[]', '{}', '{}', 'u-fjord', 0, 0)").run();
    db.prepare("INSERT INTO mappings VALUES ('map-1', 'Mapping', '', '[]')").run();

    migrateSqlite(db);

    expect(db.prepare('SELECT name, partner FROM cloud_functions ORDER BY name').all()).toEqual([
      { name: 'fjord-fn', partner: 'fjordvarme' },
      { name: 'lonely-fn', partner: 'user:u-none' },
    ]);
    expect(db.prepare('SELECT partner FROM anomaly_models').get()).toEqual({ partner: 'fjordvarme' });
    expect(db.prepare('SELECT partner FROM mappings').get()).toEqual({ partner: 'varde' });
    // Two partners may now use one name.
    db.prepare("INSERT INTO cloud_functions VALUES ('nordbygg', 'fjord-fn', 'd', '', 'src', 1, 0, 'u-nord', '{}')").run();
  });
});
