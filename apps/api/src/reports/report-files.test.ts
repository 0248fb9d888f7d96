import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REPORT_DEFINITIONS,
  share,
  totalRow,
  type ReportRow,
} from './report-definitions';
import {
  PRINTABLE_ROW_LIMIT,
  reportCsv,
  reportHtml,
  reportXlsx,
  type ReportContent,
} from './report-files';

/** A weight as the database sends it: kilograms to the gram. */
const kg = fc.integer({ min: 0, max: 5_000_000_000 }).map((g) => g / 1000);
const count = fc.integer({ min: 0, max: 1_000_000 });

/** A row of the member impact report, of random figures. */
const impactRow = fc.record({
  month: fc.constant('2026-01'),
  shipments: count,
  units: count,
  collected_kg: kg,
  sorted_kg: kg,
  outcome_confirmed_kg: kg,
  recycled_kg: kg,
  weighed_kg: kg,
  contamination_kg: kg,
});

/** Text a spreadsheet would run as a formula. */
const formula = fc
  .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string())
  .map(([start, rest]) => `${start}${rest}`);

const impact = REPORT_DEFINITIONS['member-impact'];

function contentOf(rows: ReportRow[], title = 'Report'): ReportContent {
  return {
    title,
    generatedAt: '2026-11-25T03:00:00.000Z',
    columns: impact.columns,
    rows,
    total: totalRow(impact, rows),
  };
}

describe('totalRow', () => {
  it('sums every weight to the gram and every count, and recomputes the rates from the sums', () => {
    fc.assert(
      fc.property(fc.array(impactRow, { maxLength: 40 }), (rows) => {
        const total = totalRow(impact, rows);
        const grams = (key: keyof (typeof rows)[number]) =>
          rows.reduce(
            (sum, row) => sum + Math.round(Number(row[key]) * 1000),
            0,
          );
        expect(total['month']).toBe('Total');
        for (const key of [
          'collected_kg',
          'sorted_kg',
          'outcome_confirmed_kg',
          'recycled_kg',
          'weighed_kg',
          'contamination_kg',
        ] as const) {
          expect(Math.round(Number(total[key]) * 1000)).toBe(grams(key));
        }
        expect(total['units']).toBe(
          rows.reduce((sum, row) => sum + row.units, 0),
        );
        expect(total['recycling_rate']).toBe(
          share(grams('recycled_kg'), grams('outcome_confirmed_kg')),
        );
        expect(total['contamination_rate']).toBe(
          share(grams('contamination_kg'), grams('weighed_kg')),
        );
      }),
    );
  });

  it('leaves text columns of other templates empty but the label', () => {
    const states = REPORT_DEFINITIONS['state-material'];
    const total = totalRow(states, [
      { state: 'OR', region: 'West', material: 'Glass', collected_kg: 1.5 },
      { state: 'WA', region: 'West', material: 'Glass', collected_kg: 2.25 },
    ]);
    expect(total).toMatchObject({
      state: 'Total',
      region: null,
      material: null,
      collected_kg: 3.75,
    });
  });
});

describe('report files', () => {
  it('defuse formula text in CSV cells and leave numbers alone', () => {
    fc.assert(
      fc.property(formula, kg, (text, weight) => {
        const csv = reportCsv(
          contentOf([{ month: text, collected_kg: weight }]),
        ).toString('utf8');
        const line = csv.split('\r\n')[1] ?? '';
        expect(line.startsWith(`'`) || line.startsWith(`"'`)).toBe(true);
        expect(line).toContain(`,${weight},`);
      }),
      { numRuns: 50 },
    );
  });

  it('defuse formula text in XLSX cells, which open with exceljs and hold every row and the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(formula, { minLength: 1, maxLength: 5 }),
        async (texts) => {
          const rows = texts.map((text, index) => ({
            month: text,
            collected_kg: index + 0.125,
          }));
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(
            (await reportXlsx(contentOf(rows, '=HYPERLINK("x")'))) as never,
          );
          const sheet = workbook.getWorksheet('Report');
          expect(sheet?.getRow(1).getCell(1).value).toBe(`'=HYPERLINK("x")`);
          texts.forEach((text, index) => {
            const cell = sheet?.getRow(4 + index).getCell(1);
            // XML reads a line break of any kind back as \n.
            expect(cell?.value).toBe(`'${text}`.replace(/\r\n?/g, '\n'));
            expect(sheet?.getRow(4 + index).getCell(4).value).toBe(
              index + 0.125,
            );
          });
          expect(sheet?.getRow(4 + texts.length).getCell(1).value).toBe(
            'Total',
          );
        },
      ),
      { numRuns: 10 },
    );
  });

  it('escape every value of the printable page, which runs no script', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const hostile = `<script>alert(1)</script>${text}"'&`;
        const html = reportHtml(
          contentOf([{ month: hostile }], `<img src=x onerror=alert(1)>`),
        ).toString('utf8');
        expect(html).not.toContain('<script');
        expect(html).not.toContain('<img');
        expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      }),
      { numRuns: 50 },
    );
  });

  it('show at most the printable limit of rows, saying so, with the total of all', () => {
    const rows = Array.from({ length: PRINTABLE_ROW_LIMIT + 3 }, () => ({
      month: '2026-01',
      collected_kg: 1,
    }));
    const html = reportHtml(contentOf(rows)).toString('utf8');
    expect(html.match(/<tr><td>2026-01<\/td>/g)).toHaveLength(
      PRINTABLE_ROW_LIMIT,
    );
    expect(html).toContain('first 2,000 of 2,003 rows');
    expect(html).toContain('<td class="n">2,003.000</td>');
  });
});
