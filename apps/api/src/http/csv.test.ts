import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream } from './csv';

/** Reads one CSV line back (RFC 4180), for the round trip. */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const text = line.replace(/\r\n$/, '');
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
  ])('escapes %j against formula injection (D18)', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers, booleans and null as they are, negative numbers unescaped', () => {
    expect(csvLine([-1.5, true, null, 0])).toBe('-1.5,true,,0\r\n');
  });

  it('reads back every text as written, or with a leading quote where it would be a formula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 5 }),
        (texts) => {
          expect(parseLine(csvLine(texts))).toEqual(
            texts.map((t) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t)),
          );
        },
      ),
    );
  });
});

describe('csvStream', () => {
  it('writes a byte-order mark, the header and one line per row, pulled lazily', async () => {
    let pulled = 0;
    function* rows() {
      for (const id of [1, 2, 3]) {
        pulled += 1;
        yield { id, name: `Store, ${id}` };
      }
    }
    const stream = csvStream({
      filename: 'x.csv',
      columns: ['id', 'name'],
      rows: rows(),
    });
    expect(pulled).toBe(0);
    let text = '';
    for await (const chunk of stream) text += chunk;
    expect(text).toBe(
      '\uFEFFid,name\r\n1,"Store, 1"\r\n2,"Store, 2"\r\n3,"Store, 3"\r\n',
    );
  });
});
