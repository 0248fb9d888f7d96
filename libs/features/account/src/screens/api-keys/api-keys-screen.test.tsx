import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
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
});
