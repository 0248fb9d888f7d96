import {
  EXPORT_DATASET_INFO,
  EXPORT_DATASETS,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceFromSearch,
  choiceProblem,
  columnLabel,
  periodProblems,
  searchOfChoice,
} from './export-choice';

const dataset = fc.constantFrom(...EXPORT_DATASETS);
const day = fc
  .date({
    min: new Date('2020-01-01'),
    max: new Date('2030-12-31'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

describe('the export choice in the URL', () => {
  it('round-trips every valid choice', () => {
    fc.assert(
      fc.property(
        dataset.chain((name) =>
          fc.record({
            dataset: fc.constant(name),
            from: fc.option(day, { nil: undefined }),
            to: fc.option(day, { nil: undefined }),
            status:
              EXPORT_DATASET_INFO[name].statuses.length > 0
                ? fc.option(
                    fc.constantFrom(...EXPORT_DATASET_INFO[name].statuses),
                    {
                      nil: undefined,
                    },
                  )
                : fc.constant(undefined),
            columns: fc.subarray([...EXPORT_DATASET_INFO[name].columns]),
          }),
        ),
        (choice) => {
          expect(choiceFromSearch(searchOfChoice(choice))).toEqual(choice);
        },
      ),
    );
  });

  it('reads any query as a valid choice, never throwing', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'dataset',
            'from',
            'to',
            'status',
            'columns',
            '__proto__',
          ),
          fc.string(),
        ),
        (query) => {
          const choice = choiceFromSearch(new URLSearchParams(query));
          const info: {
            columns: readonly string[];
            statuses: readonly string[];
          } = EXPORT_DATASET_INFO[choice.dataset];
          expect(EXPORT_DATASETS).toContain(choice.dataset);
          for (const column of choice.columns)
            expect(info.columns).toContain(column);
          if (choice.status !== undefined)
            expect(info.statuses).toContain(choice.status);
        },
      ),
    );
  });

  it('says what is wrong before asking the server', () => {
    const base = choiceFromSearch(new URLSearchParams('dataset=lots'));
    expect(choiceProblem(base)).toBeNull();
    expect(choiceProblem({ ...base, columns: [] })).toBe(
      'Choose at least one column.',
    );
    expect(
      choiceProblem({ ...base, from: '2026-02-02', to: '2026-02-01' }),
    ).toBe('The period must start on or before its end.');
  });

  it('puts a day the server would refuse on its own field, and the order of the period on its end', () => {
    const base = choiceFromSearch(new URLSearchParams('dataset=shipments'));
    const refused = 'Enter a day that exists, from 1900 to 2099.';
    expect(
      periodProblems({ ...base, from: '2026-02-01', to: '2026-02-28' }),
    ).toEqual({ from: null, to: null });
    // A date input lets a user type year 0201 or 0000; the URL can say 2026-02-31.
    expect(periodProblems({ ...base, from: '0201-03-01' })).toEqual({
      from: refused,
      to: null,
    });
    expect(periodProblems({ ...base, to: '2026-02-31' })).toEqual({
      from: null,
      to: refused,
    });
    expect(
      periodProblems({ ...base, from: '2026-02-02', to: '2026-02-01' }),
    ).toEqual({
      from: null,
      to: 'The period must start on or before its end.',
    });
    expect(choiceProblem({ ...base, from: '0000-01-01' })).toBe(refused);
  });

  it('names columns for people', () => {
    expect(columnLabel('net_kg')).toBe('Net (kg)');
    expect(columnLabel('tracking_number')).toBe('Tracking number');
    expect(columnLabel('id')).toBe('Id');
  });
});
