import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.ts';

describe('parseCsv', () => {
  it('reads CRLF lines without a final line break', () => {
    expect(parseCsv('a,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('reads LF lines with a final line break, and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('31,"Azerbaijani, Azeri"\r\n1,"say ""hi""","two\r\nlines"\r\n""')).toEqual([
      ['31', 'Azerbaijani, Azeri'],
      ['1', 'say "hi"', 'two\r\nlines'],
      [''],
    ]);
  });

  it('keeps empty fields and non-ASCII letters', () => {
    expect(parseCsv(',x,\r\nÅland,Côte d’Ivoire')).toEqual([
      ['', 'x', ''],
      ['Åland', 'Côte d’Ivoire'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('a,"b')).toThrow(SyntaxError);
  });
});

describe('parseCsvRecords', () => {
  it('names the fields by the header', () => {
    expect(parseCsvRecords('a,b\r\n1,"2,3"', ['a', 'b'])).toEqual([{ a: '1', b: '2,3' }]);
  });

  it('refuses another header or a row of the wrong length', () => {
    expect(() => parseCsvRecords('a,c\r\n1,2', ['a', 'b'])).toThrow(/header/);
    expect(() => parseCsvRecords('a,b\r\n1,2,3', ['a', 'b'])).toThrow(/row 2/);
    expect(() => parseCsvRecords('', ['a'])).toThrow(/header/);
  });
});
