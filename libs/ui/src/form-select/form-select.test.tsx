import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { Form } from '../form/form';
import { useForm } from '../form/use-form';
import { SubmitButton } from '../submit-button/submit-button';
import { FormSelect } from './form-select';

const schema = v.object({
  size: v.picklist(['s', 'l'], 'Choose a size.'),
});

const SIZES = [
  { value: 's', label: 'Small' },
  { value: 'l', label: 'Large' },
];

function SizeForm({
  initial,
  emptyChoice,
  onSubmit,
}: {
  initial: string;
  emptyChoice?: string;
  onSubmit: (values: v.InferOutput<typeof schema>) => unknown;
}) {
  const form = useForm({ schema, initialValues: { size: initial }, onSubmit });
  return (
    <Form form={form} aria-label="Order">
      <FormSelect
        name="size"
        label="Size"
        hint="Sizes run large"
        options={SIZES}
        emptyChoice={emptyChoice}
      />
      <SubmitButton>Order</SubmitButton>
    </Form>
  );
}

describe('FormSelect', () => {
  it('is a labelled select of the options, with its hint, and sends the one chosen', async () => {
    const onSubmit = vi.fn();
    render(<SizeForm initial="s" onSubmit={onSubmit} />);
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect(size).toHaveAccessibleDescription('Sizes run large');
    expect(
      screen.getAllByRole('option').map((option) => option.textContent),
    ).toEqual(['Small', 'Large']);
    expect(size).toHaveValue('s');

    await userEvent.selectOptions(size, 'Large');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ size: 'l' }));
  });

  it('offers a first empty choice when asked, and shows the schema message when it is left', async () => {
    const onSubmit = vi.fn();
    render(
      <SizeForm initial="" emptyChoice="Choose one" onSubmit={onSubmit} />,
    );
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect(
      screen.getAllByRole('option').map((option) => option.textContent),
    ).toEqual(['Choose one', 'Small', 'Large']);
    expect(size).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(size).toHaveAttribute('aria-invalid', 'true'));
    expect(size).toHaveAccessibleDescription(/Choose a size\./);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
