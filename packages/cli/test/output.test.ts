import { describe, expect, it } from 'vitest';
import { Output, formatTimestamp, tsvCell, type OutputStream } from '../src/output/output.js';

function capture(isTTY: boolean): OutputStream & { text: () => string } {
  let written = '';
  return { isTTY, write: (chunk: string) => (written += chunk), text: () => written };
}

const rows = [
  { id: 1, to: 'ola@example.com', body: 'Hello\tthere\nsecond line' },
  { id: 22, to: '+4799999999', body: 'Code: 123456' },
];
const columns = [
  { header: 'Id', value: (row: (typeof rows)[number]) => row.id },
  { header: 'To', value: (row: (typeof rows)[number]) => row.to },
  { header: 'Body', value: (row: (typeof rows)[number]) => row.body },
];

describe('Output', () => {
  it('prints an aligned table with a header on a terminal', () => {
    const stdout = capture(true);
    new Output(false, stdout, capture(true)).list(rows, columns);
    expect(stdout.text()).toBe(
      [
        'ID  TO               BODY',
        '1   ola@example.com  Hello there second line',
        '22  +4799999999      Code: 123456',
        '',
      ].join('\n'),
    );
  });

  it('prints headerless tab-separated lines when piped, escaping tabs and newlines', () => {
    const stdout = capture(false);
    new Output(false, stdout, capture(false)).list(rows, columns);
    expect(stdout.text()).toBe('1\tola@example.com\tHello\\tthere\\nsecond line\n22\t+4799999999\tCode: 123456\n');
  });

  it('prints the data as JSON under --json, on a terminal or not', () => {
    for (const tty of [true, false]) {
      const stdout = capture(tty);
      new Output(true, stdout, capture(tty)).list(rows, columns);
      expect(JSON.parse(stdout.text())).toEqual(rows);
    }
  });

  it('prints a record as label/value lines on a terminal and key/value lines when piped', () => {
    const fields = [
      { key: 'name', label: 'Name', value: 'Ola Nordmann' },
      { key: 'systemAdmin', label: 'System admin', value: 'no' },
    ];
    const terminal = capture(true);
    new Output(false, terminal, capture(true)).record(fields, {});
    expect(terminal.text()).toBe('Name:          Ola Nordmann\nSystem admin:  no\n');
    const piped = capture(false);
    new Output(false, piped, capture(false)).record(fields, {});
    expect(piped.text()).toBe('name\tOla Nordmann\nsystemAdmin\tno\n');
  });

  it('shortens long cells on a terminal only', () => {
    const long = 'x'.repeat(100);
    const terminal = capture(true);
    new Output(false, terminal, capture(true)).list([{ long }], [{ header: 'Long', value: (row) => row.long }]);
    expect(terminal.text()).toBe(`LONG\n${'x'.repeat(59)}…\n`);
    const piped = capture(false);
    new Output(false, piped, capture(false)).list([{ long }], [{ header: 'Long', value: (row) => row.long }]);
    expect(piped.text()).toBe(`${long}\n`);
  });

  it('says an empty list is empty on a terminal (stderr) and prints nothing when piped', () => {
    const stdout = capture(true);
    const stderr = capture(true);
    new Output(false, stdout, stderr).list([], columns, { empty: 'Nothing here.' });
    expect(stdout.text()).toBe('');
    expect(stderr.text()).toBe('Nothing here.\n');
    const piped = capture(false);
    const pipedErr = capture(false);
    new Output(false, piped, pipedErr).list([], columns, { empty: 'Nothing here.' });
    expect(piped.text() + pipedErr.text()).toBe('');
  });

  it('formats values for TSV and timestamps in UTC', () => {
    expect(tsvCell(null)).toBe('');
    expect(tsvCell('a\\b')).toBe('a\\\\b');
    expect(formatTimestamp(Date.UTC(2025, 0, 31, 8, 15, 0, 123))).toBe('2025-01-31T08:15:00Z');
    expect(formatTimestamp(undefined)).toBeUndefined();
  });
});
