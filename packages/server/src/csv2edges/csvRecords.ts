/** One CSV record and the 1-based line of the file where it starts. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

/** The separator of a file: `;` when the header has more semicolons than commas (Excel in Norway). */
export function detectSeparator(text: string): ',' | ';' {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * RFC 4180 records (quoted fields with "" escapes, CRLF or LF, a leading BOM ignored). Blank lines are
 * skipped. An unterminated quote is a syntax error at the line where the field started.
 */
export function parseCsvRecords(input: string, separator: ',' | ';'): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let index = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      quoted = true;
      quoteLine = line;
      field = '';
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    index += 1;
  }
  if (quoted) throw new CsvSyntaxError(quoteLine, 'a quoted field is not closed');
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
