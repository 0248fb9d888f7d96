import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

const options = [
  { value: 'all', label: 'All Members' },
  { value: '2', label: "Kiehl's" },
];

describe('SelectField', () => {
  it('names the list by its label, also when the label is hidden', () => {
    render(<SelectField label="Member" hideLabel options={options} />);
    expect(
      screen.getByRole('combobox', { name: 'Member' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Members',
      "Kiehl's",
    ]);
  });

  it('is reached with Tab and reports the chosen value', async () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Member"
        options={options}
        onChange={(e) => onChange(e.target.value)}
      />,
    );
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Member' })).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox'), "Kiehl's");
    expect(onChange).toHaveBeenCalledWith('2');
  });
});
