import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { deferred } from '../testing';
import { describe, expect, it, vi } from 'vitest';
import { FormError } from '../form-error/form-error';
import { FormField } from '../form-field/form-field';
import { SubmitButton } from '../submit-button/submit-button';
import { Form } from './form';
import { useForm, type ServerError } from './use-form';

const storeSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter the store name.')),
    bins: v.pipe(
      v.string(),
      v.nonEmpty('Enter how many bins the store has.'),
      v.transform(Number),
      v.integer('Enter a whole number of bins.'),
    ),
    region: v.picklist(['west', 'east'], 'Choose a region.'),
  }),
  v.check(
    (store) => !(store.region === 'east' && store.bins > 10),
    'East stores have at most 10 bins.',
  ),
);

const initial = { name: '', bins: '', region: '' };

function StoreForm({
  onSubmit,
  onReloadLatest,
}: {
  onSubmit: (values: v.InferOutput<typeof storeSchema>) => unknown;
  onReloadLatest?: (current: unknown) => void;
}) {
  const form = useForm({
    schema: storeSchema,
    initialValues: initial,
    onSubmit,
  });
  return (
    <Form form={form} aria-label="Store">
      <FormError
        onReloadLatest={(current) => {
          onReloadLatest?.(current);
          form.reset(current as typeof initial);
        }}
      />
      <FormField name="name" label="Name" hint="As members see it" />
      <FormField name="bins" label="Bins" inputMode="numeric" />
      <FormField name="region" label="Region">
        {(control) => (
          <select {...control}>
            <option value="">Choose…</option>
            <option value="west">West</option>
            <option value="east">East</option>
          </select>
        )}
      </FormField>
      <SubmitButton>Save store</SubmitButton>
    </Form>
  );
}

/** Fills the store form as a user does. */
async function fillStore(name: string, bins: string, region: 'West' | 'East') {
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), name);
  await userEvent.type(screen.getByRole('textbox', { name: 'Bins' }), bins);
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Region' }),
    region,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Save store' }));
}

describe('Form kit', () => {
  it('shows each schema message on its field and moves focus to the first invalid one', async () => {
    const onSubmit = vi.fn();
    render(<StoreForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Bins' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save store' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription(
      'Enter the store name. As members see it',
    );
    expect(
      screen.getByRole('textbox', { name: 'Bins' }),
    ).toHaveAccessibleDescription('Enter a whole number of bins.');
    expect(
      screen.getByRole('combobox', { name: 'Region' }),
    ).toHaveAccessibleDescription('Choose a region.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a message as soon as the value is fixed, after a first submit', async () => {
    render(<StoreForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save store' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toBeInvalid());
    await userEvent.type(name, 'Portland');
    await waitFor(() => expect(name).toBeValid());
    expect(name).toHaveAccessibleDescription('As members see it');
  });

  it('shows a message about the whole form, from a schema check without a path', async () => {
    render(<StoreForm onSubmit={vi.fn()} />);
    await fillStore('Boston', '12', 'East');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'East stores have at most 10 bins.',
    );
  });

  it('sends the converted values once, busy and aria-disabled while it waits', async () => {
    const sent = deferred();
    const onSubmit = vi.fn(() => sent.promise);
    render(<StoreForm onSubmit={onSubmit} />);
    await fillStore('  Portland ', '4', 'West');

    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await userEvent.click(busy);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Bins' }),
      '{Enter}',
    );
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Portland',
      bins: 4,
      region: 'west',
    });

    sent.resolve();
    expect(
      await screen.findByRole('button', { name: 'Save store' }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('on a 409 keeps every value, explains, and loads the latest version on request', async () => {
    const latest = { name: 'Portland Pearl', bins: '6', region: 'west' };
    const conflict: ServerError = {
      status: 409,
      message: 'Version mismatch',
      current: latest,
    };
    const onReloadLatest = vi.fn();
    render(
      <StoreForm
        onSubmit={() => Promise.reject(conflict)}
        onReloadLatest={onReloadLatest}
      />,
    );
    await fillStore('Portland', '5', 'West');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else changed this record while you were editing it. Your changes are kept below; review them, then reload the latest version.',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Portland',
    );
    expect(screen.getByRole('textbox', { name: 'Bins' })).toHaveValue('5');

    await userEvent.click(
      screen.getByRole('button', { name: 'Load the latest version' }),
    );
    expect(onReloadLatest).toHaveBeenCalledWith(latest);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Portland Pearl',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("on a 400 shows the server's message, and its field errors on their fields", async () => {
    const refusal: ServerError = {
      status: 400,
      message: 'The store could not be saved.',
      fields: { name: 'A store with this name exists.' },
    };
    render(<StoreForm onSubmit={() => Promise.reject(refusal)} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await fillStore('Portland', '5', 'West');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The store could not be saved.',
    );
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(
      'A store with this name exists. As members see it',
    );
    await userEvent.type(name, ' 2');
    expect(name).toBeValid();
    expect(name).toHaveValue('Portland 2');
  });

  it('names the missing form when a field is used outside one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<FormField name="name" label="Name" />)).toThrow(
      'FormField must be used inside <Form form={useForm(…)}>',
    );
  });
});
