import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedBarChart } from './stacked-bar-chart';

const props = {
  title: 'Monthly weight',
  barHeading: 'Month',
  formatValue: (n: number) => `${n} kg`,
  series: [
    { key: 'pp5', label: 'PP #5' },
    { key: 'glass', label: 'Glass' },
  ],
  bars: [
    { label: 'Oct', values: { pp5: 10, glass: 5 } },
    { label: 'Nov', values: { pp5: 20, glass: 0 } },
  ],
};

describe('StackedBarChart', () => {
  it('names its image with a summary a screen reader can use', () => {
    render(<StackedBarChart {...props} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Monthly weight: 2 bars from Oct to Nov; highest Nov with 20 kg. The table below has every figure.',
    );
  });

  it('draws one segment per non-zero value, stacked', () => {
    const { container } = render(<StackedBarChart {...props} />);
    expect(container.querySelectorAll('rect')).toHaveLength(3);
  });

  it('gives every figure, with totals, in a table', () => {
    render(<StackedBarChart {...props} />);
    const table = screen.getByRole('table', { name: 'Monthly weight' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthPP #5GlassTotal',
      'Oct10 kg5 kg15 kg',
      'Nov20 kg0 kg20 kg',
    ]);
  });

  it('marks a comparison on each bar, names it in the legend and gives it a column', () => {
    const { container } = render(
      <StackedBarChart
        {...props}
        reference={{ label: 'A year earlier', values: [12, 40] }}
      />,
    );
    const marks = container.querySelectorAll('line');
    expect(marks).toHaveLength(2);
    // The scale makes room for a comparison above every bar: 40 is the top.
    expect(Number(marks[1]?.getAttribute('y1'))).toBeLessThan(
      Number(marks[0]?.getAttribute('y1')),
    );
    expect(marks[1]?.textContent).toBe('Nov, A year earlier: 40 kg');
    expect(screen.getByText('A year earlier', { selector: 'li' })).toBeTruthy();
    const rows = within(
      screen.getByRole('table', { name: 'Monthly weight' }),
    ).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthPP #5GlassTotalA year earlier',
      'Oct10 kg5 kg15 kg12 kg',
      'Nov20 kg0 kg20 kg40 kg',
    ]);
  });

  it('writes a bar’s short axis label under the axis, and its full label in the table and the summary', () => {
    const { container } = render(
      <StackedBarChart
        {...props}
        bars={[
          { label: 'Oct 2026', axisLabel: 'Oct', values: { pp5: 10 } },
          { label: 'Nov 2026', axisLabel: 'Nov', values: { pp5: 20 } },
        ]}
      />,
    );
    // Under the drawing, not in it: a stretched SVG would stretch the words.
    expect(container.querySelector('svg text')).toBeNull();
    const axis = container.querySelector('svg + [aria-hidden="true"]');
    expect(
      [...(axis?.querySelectorAll('span') ?? [])].map((label) => [
        label.textContent,
        (label as HTMLElement).style.left,
      ]),
    ).toEqual([
      // Each centred under its bar: 12 + 14 and 12 + 40 + 14 of 92 units.
      ['Oct', `${(26 / 92) * 100}%`],
      ['Nov', `${(66 / 92) * 100}%`],
    ]);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      /from Oct 2026 to Nov 2026/,
    );
    const table = screen.getByRole('table', { name: 'Monthly weight' });
    expect(
      within(table).getByRole('rowheader', { name: 'Nov 2026' }),
    ).toBeTruthy();
  });
});
