import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Choice, ChoiceGroup } from './choice-group';
import { RadioChoices } from './radio-choices';

function Brands({ error }: { error?: string }) {
  const [chosen, setChosen] = useState(['a']);
  return (
    <ChoiceGroup legend="Brands offered" error={error}>
      {['a', 'b'].map((brand) => (
        <Choice
          key={brand}
          type="checkbox"
          label={`Brand ${brand}`}
          checked={chosen.includes(brand)}
          onChange={(event) =>
            setChosen(
              event.target.checked
                ? [...chosen, brand]
                : chosen.filter((b) => b !== brand),
            )
          }
        />
      ))}
    </ChoiceGroup>
  );
}

describe('ChoiceGroup', () => {
  it('is a group named by its legend whose choices toggle by keyboard', async () => {
    render(<Brands />);
    expect(
      screen.getByRole('group', { name: 'Brands offered' }),
    ).toBeInTheDocument();
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: 'Brand a' }),
    );
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Brand a' })).not.toBeChecked();
  });

  it('reads its error with the group', () => {
    render(<Brands error="Choose at least one brand." />);
    expect(
      screen.getByRole('group', { name: 'Brands offered' }),
    ).toHaveAccessibleDescription('Choose at least one brand.');
  });
});

describe('RadioChoices', () => {
  function Interval() {
    const [interval, setChosen] = useState<'month' | 'year'>('month');
    return (
      <RadioChoices
        legend="Interval"
        name="interval"
        options={['month', 'year'] as const}
        label={(option) => (option === 'month' ? 'Monthly' : 'Yearly')}
        value={interval}
        onChange={setChosen}
        error="Choose an interval."
        inline
      />
    );
  }

  it('offers one radio per option under its legend, the value checked, and changes it', async () => {
    render(<Interval />);
    const group = screen.getByRole('group', { name: 'Interval' });
    expect(group).toHaveAccessibleDescription('Choose an interval.');
    const monthly = screen.getByRole('radio', { name: 'Monthly' });
    const yearly = screen.getByRole('radio', { name: 'Yearly' });
    expect(monthly).toBeChecked();
    expect(monthly).toHaveAttribute('name', 'interval');
    await userEvent.click(yearly);
    expect(yearly).toBeChecked();
    expect(monthly).not.toBeChecked();
  });
});
