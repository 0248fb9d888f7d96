import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Choice, ChoiceGroup } from './choice-group';

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
