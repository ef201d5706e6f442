import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '@varde/core';
import { createRowCalls } from '../src/bulk/retry.js';
import { DoneRows, Journal } from '../src/bulk/journal.js';
import { readRecords } from '../src/bulk/readRecords.js';

/** The bulk engine's parts on their own: retries, the journal, the CSV reader. */
function recordingPolicy(retries = 3) {
  const waits: number[] = [];
  return { waits, policy: { retries, baseDelayMs: 100, maxDelayMs: 1000, sleep: async (ms: number) => void waits.push(ms) } };
}

describe('retries', () => {
  it('honours Retry-After on 429 and backs off exponentially on 5xx', async () => {
    const { waits, policy } = recordingPolicy();
    const answers: unknown[] = [new HttpError(429, 'Too Many Requests', 'slow down', undefined, 2), new HttpError(503, 'Service Unavailable'), 'done'];
    const result = await createRowCalls(policy).safe(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    });
    expect(result).toBe('done');
    expect(waits[0]).toBe(2000);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('does not retry other 4xx answers, and gives up after the last retry', async () => {
    const { policy } = recordingPolicy(2);
    let calls = 0;
    await expect(createRowCalls(policy).safe(async () => { calls += 1; throw new HttpError(400, 'Bad Request'); })).rejects.toThrow('HTTP 400');
    expect(calls).toBe(1);
    calls = 0;
    await expect(createRowCalls(policy).safe(async () => { calls += 1; throw new NetworkError('down'); })).rejects.toThrow('down');
    expect(calls).toBe(3);
  });

  it('never repeats a create whose answer was lost when the check finds it was applied', async () => {
    const { policy } = recordingPolicy();
    let creates = 0;
    let checks = 0;
    const result = await createRowCalls(policy).once(
      async () => {
        creates += 1;
        throw new NetworkError('socket hang up');
      },
      async () => {
        checks += 1;
        return 'create';
      },
    );
    expect(result).toBe('create');
    expect(creates).toBe(1);
    expect(checks).toBe(1);
  });

  it('repeats a create refused with 429 without asking (it was not applied)', async () => {
    const { policy } = recordingPolicy();
    let creates = 0;
    let checks = 0;
    const result = await createRowCalls(policy).once(
      async () => {
        creates += 1;
        if (creates === 1) throw new HttpError(429, 'Too Many Requests', undefined, undefined, 0);
        return 'create';
      },
      async () => {
        checks += 1;
        return undefined;
      },
    );
    expect(result).toBe('create');
    expect(checks).toBe(0);
  });
});

describe('journal', () => {
  const directory = mkdtempSync(join(tmpdir(), 'varde-journal-'));
  const header = { v: 1 as const, job: 'users import', file: '/x.csv', sha256: 'abc' };

  it('resumes with the rows recorded, ignoring a line torn by a crash', () => {
    const path = join(directory, 'a.journal');
    const journal = Journal.create(path, header);
    journal.record({ line: 2, key: 'a@x', action: 'create' });
    journal.record({ line: 5, key: 'b@x', action: 'unchanged' });
    journal.close();
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"line":7,"key":"c@`);
    const { journal: resumed, done } = Journal.resume(path, header);
    expect([done.count, done.actionOf(2), done.actionOf(5), done.actionOf(7)]).toEqual([2, 'create', 'unchanged', undefined]);
    resumed.record({ line: 7, key: 'c@x', action: 'update' });
    resumed.close();
    expect(Journal.resume(path, header).done.actionOf(7)).toBe('update');
  });

  it('refuses to resume when the input file changed', () => {
    const path = join(directory, 'b.journal');
    Journal.create(path, header).close();
    expect(() => Journal.resume(path, { ...header, sha256: 'other' })).toThrow(/has changed/);
    expect(() => Journal.resume(join(directory, 'none'), header)).toThrow(/Nothing to resume/);
  });

  it('keeps one byte per row', () => {
    const done = new DoneRows();
    done.mark(100_000, 'create');
    expect(done.actionOf(100_000)).toBe('create');
    expect(done.count).toBe(1);
  });
});

describe('readRecords', () => {
  it('reads CSV with quoted commas and newlines; a record\'s line is where it ends; headers are case-insensitive', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'varde-csv-')), 'users.csv');
    writeFileSync(path, '\uFEFFEmail,Name\r\na@x.test,"Doe, Jane"\r\n\r\nb@x.test,"Two\nLines"\r\n');
    const records = [];
    for await (const record of readRecords(path)) records.push(record);
    expect(records).toEqual([
      { line: 2, fields: { email: 'a@x.test', name: 'Doe, Jane' } },
      { line: 5, fields: { email: 'b@x.test', name: 'Two\nLines' } },
    ]);
  });
});
