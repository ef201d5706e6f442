import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planColumns, parseMapOption } from '../src/bulk/columnMapping.js';
import { detectDialect } from '../src/bulk/csvDialect.js';
import { readRecords } from '../src/bulk/readRecords.js';
import { userColumns } from '../src/commands/usersCsv.js';

const work = mkdtempSync(join(tmpdir(), 'varde-dialect-'));
const file = (name: string, content: string | Buffer) => {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
};

async function records(path: string) {
  const dialect = await detectDialect(path);
  const plan = planColumns(dialect.header, userColumns(true), { format: 'entra' });
  const read = [];
  for await (const record of readRecords(path, 'csv', { csv: { dialect, names: plan.names } })) read.push(record);
  return { dialect, plan, read };
}

describe('CSV dialects', () => {
  it('finds the separator, the encoding and the line ends; a Windows-1252 byte deep in the file is enough', async () => {
    const lines = ['email;name;role', ...Array.from({ length: 5000 }, (_, index) => `u${index}@x.test;Name ${index};User`), 'last@x.test;Bjørn;User'];
    const path = file('late-latin1.csv', Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
    const dialect = await detectDialect(path);
    expect(dialect).toMatchObject({ encoding: 'windows-1252', delimiter: ';', lineEnds: 'CRLF', headerLine: 1, header: ['email', 'name', 'role'] });
    const { read } = await records(path);
    expect(read.at(-1)).toEqual({ line: 5002, fields: { email: 'last@x.test', name: 'Bjørn', role: 'User' } });
  });

  it('keeps UTF-8 (a comma inside quotes is not a separator) and counts lines from the top of the file after a version line', async () => {
    const path = file('entra.csv', 'version:v1.0\n"Name, full [displayName]",User name [userPrincipalName] Required,Notes\n"Ødegård, Siv",siv@x.test,a;b;c\n');
    const { dialect, plan, read } = await records(path);
    expect(dialect).toMatchObject({ encoding: 'utf-8', bom: false, delimiter: ',', lineEnds: 'LF', headerLine: 2 });
    expect(plan.unused).toEqual(['Notes']);
    expect(read).toEqual([{ line: 3, fields: { name: 'Ødegård, Siv', email: 'siv@x.test', 'unused:notes': 'a;b;c' } }]);
  });

  it('reads what Excel saves as Unicode Text: UTF-16LE with a byte order mark, tab-separated', async () => {
    const path = file('unicode.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('email\tname\trole\r\nå@x.test\tÅse Øvrebø\tUser\r\n', 'utf16le')]));
    const { dialect, read } = await records(path);
    expect(dialect).toMatchObject({ encoding: 'utf-16le', delimiter: '\t', lineEnds: 'CRLF', header: ['email', 'name', 'role'] });
    expect(read).toEqual([{ line: 2, fields: { email: 'å@x.test', name: 'Åse Øvrebø', role: 'User' } }]);
  });

  it('--map pairs may name columns with commas and brackets', () => {
    expect(parseMapOption('email=User name [userPrincipalName] Required,name=Name, full')).toEqual([
      ['email', 'User name [userPrincipalName] Required'],
      ['name', 'Name, full'],
    ]);
  });
});
