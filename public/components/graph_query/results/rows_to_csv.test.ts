import { describe, expect, it } from 'vitest';
import { csvField, rowsToCsv } from './rows_to_csv';

describe('csvField', () => {
  it('leaves plain text, numbers and booleans as they are', () => {
    expect(csvField('Aurora Robotics')).toBe('Aurora Robotics');
    expect(csvField(42.5)).toBe('42.5');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(false)).toBe('false');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('padded ')).toBe('"padded "');
  });

  it('writes null and missing values as empty fields', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('writes objects and arrays as JSON, quoted', () => {
    expect(csvField(['a', 'b'])).toBe('"[""a"",""b""]"');
    expect(csvField({ _index: 'i', _id: '1', _source: { n: 1 } })).toBe(
      '"{""_index"":""i"",""_id"":""1"",""_source"":{""n"":1}}"'
    );
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+33 1 23')).toBe("'+33 1 23");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });
});

describe('rowsToCsv', () => {
  it('writes the header then one CRLF-terminated record per row', () => {
    expect(
      rowsToCsv(
        ['c.name', 'COUNT(*)'],
        [
          ['Aurora, Inc.', 3],
          ['Cobalt', null],
        ]
      )
    ).toBe('c.name,COUNT(*)\r\n"Aurora, Inc.",3\r\nCobalt,\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(rowsToCsv(['a'], [])).toBe('a\r\n');
  });
});
