// A small RFC 4180 reader for the reference CSV files: quoted fields may hold commas, quotes
// (doubled) and line breaks; lines end in CRLF or LF; the last line may have no line break.
// Used by the generator script, by the test that checks the generated module, and by the
// caseworker's import of lost or stolen passport lists (src/server/cli), the project's one CSV reader.

/** Splits CSV text into rows of fields. A byte-order mark and a final line break are ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  // Whether the current row has begun: a last line holding only `""` is still a row.
  let started = false;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
    started = false;
  };
  for (; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      started = true;
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (char === '\n') endRow();
    else {
      started = true;
      if (char === '"') quoted = true;
      else if (char === ',') {
        row.push(field);
        field = '';
      } else field += char;
    }
  }
  if (quoted) throw new SyntaxError('CSV: a quoted field is not closed');
  if (started) endRow();
  return rows;
}

/** Reads CSV text with a header row into one record per row; throws when a row's length differs from the header's. */
export function parseCsvRecords<K extends string>(text: string, columns: readonly K[]): Record<K, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (header === undefined || header.join(',') !== columns.join(',')) {
    throw new SyntaxError(`CSV: expected the header ${columns.join(',')}, found ${header?.join(',') ?? 'nothing'}`);
  }
  return rows.map((fields, index) => {
    if (fields.length !== columns.length) {
      throw new SyntaxError(`CSV: row ${index + 2} has ${fields.length} fields, expected ${columns.length}`);
    }
    return Object.fromEntries(columns.map((column, c) => [column, fields[c]])) as Record<K, string>;
  });
}
