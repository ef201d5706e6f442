import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, engineOfDb } from '../src/storage/db.js';
import { insertTogether } from '../src/storage/insertTogether.js';
import { inTransaction, type Tx } from '../src/storage/transaction.js';
import { openTestDatabase, testEngine } from './helpers/startCloud.js';
import { watchedDb } from './helpers/watchedDb.js';

/**
 * Rows for several tables in one go (the write batch's held rows, a realtime write's leaves and change
 * rows): on PostgreSQL one statement, where each is a round trip; foreign keys hold between rows of the
 * same call, and returned rows come back in the rows' order.
 */
let db: Db;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await openTestDatabase());
});
afterEach(() => close());

const account = (uid: string) => ({ uid, email: `${uid}@example.test`, password_hash: '!', phone: null, sms_second_factor: 0, role: 'User', created_at: 1 });
const ticket = (uid: string) => ({ ticket_hash: `t-${uid}`, uid, expires_at: 2 });
const mail = (to: string) => ({ channel: 'email', recipient: to, subject: 'Hi', body: 'Welcome', created_at: 3, smtp_state: 'pending' });

/** Runs `work` in a transaction whose Tx counts the statements sent through it. */
async function counted<T>(work: (tx: Tx) => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const result = await inTransaction(db, (tx) => work({ ...tx, db: watchedDb(tx.db, () => (statements += 1)) }));
  return { result, statements };
}

const count = async (table: 'accounts' | 'reset_tickets' | 'outbox') => Number(((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: unknown }).n);

describe(`insertTogether on ${testEngine()}`, () => {
  it('stores every table, a row referring to one beside it included, and returns rows in order', async () => {
    const { result, statements } = await counted((tx) =>
      insertTogether(tx, [
        { table: 'accounts', rows: [account('a'), account('b')] },
        { table: 'outbox', rows: [mail('a@example.test'), mail('b@example.test')], returning: ['id', 'recipient'] },
        { table: 'reset_tickets', rows: [ticket('a'), ticket('b')] },
      ]),
    );
    expect(statements).toBe(engineOfDb(db) === 'postgres' ? 1 : 3);
    expect(result[0]).toEqual([]);
    expect(result[1]!.map((row) => row.recipient)).toEqual(['a@example.test', 'b@example.test']);
    expect(Number(result[1]![1]!.id)).toBeGreaterThan(Number(result[1]![0]!.id));
    expect(result[2]).toEqual([]);
    expect([await count('accounts'), await count('reset_tickets'), await count('outbox')]).toEqual([2, 2, 2]);
  });

  it('keeps foreign keys: a row referring to nothing fails the call, and nothing of it is stored', async () => {
    await expect(
      inTransaction(db, (tx) =>
        insertTogether(tx, [
          { table: 'accounts', rows: [account('a')] },
          { table: 'reset_tickets', rows: [ticket('a'), ticket('nobody')] },
        ]),
      ),
    ).rejects.toThrow(/foreign key/i);
    expect([await count('accounts'), await count('reset_tickets')]).toEqual([0, 0]);
  });

  it('sends the same text for 2 rows and for 3,000: one JSON parameter a table; each returning table ends a statement', async () => {
    const texts: string[] = [];
    const run = (uids: string[], mails: string[]) =>
      inTransaction(db, (tx) =>
        insertTogether({ ...tx, db: watchedDb(tx.db, (query) => texts.push(query.sql)) }, [
          { table: 'accounts', rows: uids.map(account) },
          { table: 'reset_tickets', rows: uids.map(ticket) },
          { table: 'outbox', rows: [mail(mails[0]!)], returning: ['recipient'] },
          { table: 'outbox', rows: [mail(mails[1]!)], returning: ['recipient'] },
        ]),
      );
    const small = await run(['x', 'y'], ['one@example.test', 'two@example.test']);
    const fewTexts = texts.splice(0);
    const large = await run(Array.from({ length: 3000 }, (_, index) => `u${index}`), ['three@example.test', 'four@example.test']);
    expect(texts).toEqual(fewTexts);
    expect(texts).toHaveLength(engineOfDb(db) === 'postgres' ? 2 : 4);
    expect(small.slice(2).map((rows) => rows.map((row) => row.recipient))).toEqual([['one@example.test'], ['two@example.test']]);
    expect(large.slice(2).map((rows) => rows.map((row) => row.recipient))).toEqual([['three@example.test'], ['four@example.test']]);
    expect([await count('accounts'), await count('reset_tickets'), await count('outbox')]).toEqual([3002, 3002, 4]);
  });

  it('gives a column a row leaves out (or leaves undefined) its default, and keeps every value as it was sent', async () => {
    const odd = "Å'\"\\ \u2028 {}[] $1 ? ->> '$.x'";
    const { sms_second_factor: _, ...withoutFactor } = account('b');
    const rows = [{ ...account('a'), sms_second_factor: 1 }, { ...withoutFactor, password_hash: odd, phone: '+4790000000', created_at: 2 ** 52 }, { ...account('u'), sms_second_factor: undefined }];
    await inTransaction(db, (tx) => insertTogether(tx, [{ table: 'accounts', rows }]));
    const stored = await db.selectFrom('accounts').select(['uid', 'password_hash', 'phone', 'sms_second_factor', 'created_at']).orderBy('uid').execute();
    expect(stored).toEqual([
      { uid: 'a', password_hash: '!', phone: null, sms_second_factor: 1, created_at: 1 },
      { uid: 'b', password_hash: odd, phone: '+4790000000', sms_second_factor: 0, created_at: 2 ** 52 },
      { uid: 'u', password_hash: '!', phone: null, sms_second_factor: 0, created_at: 1 },
    ]);
    // Rows that return columns must name the same ones; a value JSON cannot carry is refused: nothing is sent.
    await expect(inTransaction(db, (tx) => insertTogether(tx, [{ table: 'accounts', rows: [account('c'), withoutFactor], returning: ['uid'] }]))).rejects.toThrow(
      'insertTogether: rows for accounts that return columns must name the same columns',
    );
    await expect(inTransaction(db, (tx) => insertTogether(tx, [{ table: 'accounts', rows: [{ ...account('c'), created_at: Number.NaN }] }]))).rejects.toThrow(
      'insertTogether: a value for accounts is NaN, not a string, finite number, boolean or null',
    );
    expect(await count('accounts')).toBe(3);
  });
});
