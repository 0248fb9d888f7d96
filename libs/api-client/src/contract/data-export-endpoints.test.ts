import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DataExportQuerySchema,
  EXPORT_DATASET_INFO,
  EXPORT_DATASETS,
  exportQueryProblem,
} from './data-export-endpoints';

const dataset = fc.constantFrom(...EXPORT_DATASETS);

describe('DataExportQuerySchema', () => {
  it("accepts any non-empty choice of a dataset's own columns, any of its statuses and a forward period", () => {
    fc.assert(
      fc.property(
        dataset.chain((name) =>
          fc.record({
            dataset: fc.constant(name),
            columns: fc
              .subarray([...EXPORT_DATASET_INFO[name].columns], {
                minLength: 1,
              })
              .map((columns) => columns.join(',')),
            status: fc.option(
              EXPORT_DATASET_INFO[name].statuses.length > 0
                ? fc.constantFrom(...EXPORT_DATASET_INFO[name].statuses)
                : fc.constant(undefined),
              { nil: undefined },
            ),
            from: fc.constant('2026-01-01'),
            to: fc.constantFrom('2026-01-01', '2026-12-31'),
          }),
        ),
        (query) => {
          const clean = Object.fromEntries(
            Object.entries(query).filter(([, value]) => value !== undefined),
          );
          expect(v.safeParse(DataExportQuerySchema, clean).success).toBe(true);
        },
      ),
    );
  });

  it('refuses a column another dataset has and this one lacks, naming it', () => {
    for (const name of EXPORT_DATASETS) {
      const own: readonly string[] = EXPORT_DATASET_INFO[name].columns;
      const foreign = EXPORT_DATASETS.flatMap(
        (other) => EXPORT_DATASET_INFO[other].columns as readonly string[],
      ).find((column) => !own.includes(column));
      if (!foreign) continue;
      const result = v.safeParse(DataExportQuerySchema, {
        dataset: name,
        columns: `${own[0]},${foreign}`,
      });
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toContain(foreign);
      expect(result.issues?.[0]?.path?.[0]?.key).toBe('columns');
    }
  });

  it('refuses a status where the dataset has none, and a period that runs backwards', () => {
    expect(
      exportQueryProblem({ dataset: 'receipts', status: 'sorted' })?.field,
    ).toBe('status');
    expect(
      exportQueryProblem({
        dataset: 'stores',
        from: '2026-02-02',
        to: '2026-02-01',
      })?.field,
    ).toBe('from');
    expect(exportQueryProblem({ dataset: 'lots', status: 'open' })).toBeNull();
  });
});
