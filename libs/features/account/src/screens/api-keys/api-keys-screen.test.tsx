import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ApiKeysScreen from './api-keys-screen';

const { backend } = setupFakeApi({ baseUrl: TEST_ORIGIN });

async function open() {
  await renderWithShell(<ApiKeysScreen />, {
    signedInAs: 'brandAdmin',
    route: '/api-keys',
  });
  await screen.findByText('You have no API keys.');
}

async function create(name: string) {
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Name of a new key' }),
    `${name}{Enter}`,
  );
  return screen.findByRole('region', { name: `Your new key "${name}"` });
}

describe('ApiKeysScreen', () => {
  it('makes a key and shows its secret once, with a warning and a copy button', async () => {
    await open();
    const panel = await create('Monthly report');
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'shown this once',
    );
    const secret = within(panel).getByText(/^ck_/).textContent ?? '';
    expect(secret).toMatch(/^ck_[0-9a-f]{8}_/);
    expect(
      within(panel).getByRole('button', { name: 'Copy key' }),
    ).toBeInTheDocument();
    const row = within(screen.getByRole('table')).getByRole('row', {
      name: /Monthly report/,
    });
    expect(row).toHaveTextContent(secret.slice(0, 11));
    expect(row).not.toHaveTextContent(secret);
    await userEvent.click(
      screen.getByRole('button', { name: 'I have copied it' }),
    );
    expect(screen.queryByText(secret)).toBeNull();
  });

  it('revokes a key only after confirmation', async () => {
    await open();
    await create('Old script');
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke "Old script"' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke this key?' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Cancel' }),
    );
    expect(backend.calls('/api/keys/1')).toHaveLength(0);
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke "Old script"' }),
    );
    await userEvent.click(
      within(
        screen.getByRole('dialog', { name: 'Revoke this key?' }),
      ).getByRole('button', { name: 'Revoke key' }),
    );
    expect(
      await screen.findByText('You have no API keys.'),
    ).toBeInTheDocument();
    expect(backend.calls('/api/keys/1')).toHaveLength(1);
  });

  it('refuses an empty name without asking the server', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      backend.calls('/api/keys').filter((r) => r.method === 'POST'),
    ).toHaveLength(0);
  });

  it('says a name of only spaces is not a name, on the field, and focuses it', async () => {
    await open();
    const field = screen.getByRole('textbox', { name: 'Name of a new key' });
    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(field).toHaveFocus();
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(/spaces alone are not a name/);
    expect(
      backend.calls('/api/keys').filter((r) => r.method === 'POST'),
    ).toHaveLength(0);
    await userEvent.type(field, 'Nightly export');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription(/What it is for/);
  });

  it('moves the focus to the name field after "I have copied it"', async () => {
    await open();
    await create('Monthly report');
    await userEvent.click(
      screen.getByRole('button', { name: 'I have copied it' }),
    );
    expect(
      screen.getByRole('textbox', { name: 'Name of a new key' }),
    ).toHaveFocus();
  });

  it('removes the secret of the new key once that key is revoked, and keeps the focus on the page', async () => {
    await open();
    const panel = await create('Leaked script');
    const secret = within(panel).getByText(/^ck_/).textContent ?? '';
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke "Leaked script"' }),
    );
    await userEvent.click(
      within(
        screen.getByRole('dialog', { name: 'Revoke this key?' }),
      ).getByRole('button', { name: 'Revoke key' }),
    );
    await screen.findByText('You have no API keys.');
    expect(screen.queryByText(secret)).toBeNull();
    expect(
      screen.queryByRole('region', { name: 'Your new key "Leaked script"' }),
    ).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: 'Name of a new key' }),
      ).toHaveFocus(),
    );
  });

  it("moves the focus to the next key's Revoke after revoking one", async () => {
    await open();
    await create('First');
    // form.reset() is not seen by user-event's own record of the typed value.
    await userEvent.clear(
      screen.getByRole('textbox', { name: 'Name of a new key' }),
    );
    await create('Second');
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke "First"' }),
    );
    await userEvent.click(
      within(
        screen.getByRole('dialog', { name: 'Revoke this key?' }),
      ).getByRole('button', { name: 'Revoke key' }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Revoke "First"' }),
      ).toBeNull(),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Revoke "Second"' }),
      ).toHaveFocus(),
    );
    expect(
      screen.getByRole('region', { name: 'Your new key "Second"' }),
    ).toBeInTheDocument();
  });
});
