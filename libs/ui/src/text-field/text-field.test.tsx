import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('names the input by its visible label', () => {
    render(<TextField label="Email" type="email" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'type',
      'email',
    );
  });

  it('links the hint as the description of the input', () => {
    render(<TextField label="Email" hint="Your work address" />);
    expect(
      screen.getByRole('textbox', { name: 'Email' }),
    ).toHaveAccessibleDescription('Your work address');
  });

  it('gives two fields distinct ids so each label points at its own input', async () => {
    render(
      <>
        <TextField label="First" />
        <TextField label="Second" />
      </>,
    );
    await userEvent.click(screen.getByText('Second'));
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveFocus();
  });

  it('marks the input invalid and reads the error before the hint', () => {
    render(
      <TextField label="Name" hint="As members see it" error="Enter a name." />,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription(
      'Enter a name. As members see it',
    );
  });
});
