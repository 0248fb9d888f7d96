import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('labels any control it renders and ties the error to it', () => {
    render(
      <Field label="Region" error="Choose a region.">
        {(control) => (
          <select {...control}>
            <option value="">Choose…</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Region' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a region.');
  });

  it('says nothing is wrong when there is no error', () => {
    render(
      <Field label="Notes">{(control) => <textarea {...control} />}</Field>,
    );
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes).not.toHaveAttribute('aria-invalid');
    expect(notes).not.toHaveAttribute('aria-describedby');
  });
});
