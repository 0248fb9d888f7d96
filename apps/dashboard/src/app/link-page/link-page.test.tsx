import { setupFakeApi } from '@collective/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORIGIN, startApp } from '../../testing/start-app';
import { linkPurposeOf } from './link-purpose';

const { server } = setupFakeApi({ baseUrl: ORIGIN });

describe('the public pages of mailed links', () => {
  it('knows its two paths and nothing else', () => {
    expect(linkPurposeOf('/accept-invitation')).toBe('invitation');
    expect(linkPurposeOf('/reset-password/')).toBe('password_reset');
    expect(linkPurposeOf('/dashboard')).toBeNull();
  });

  it('says clearly that a used or expired link cannot be used, outside the shell', async () => {
    server.use(
      http.post(`${ORIGIN}/api/auth/links`, () =>
        HttpResponse.json(
          {
            error: 'Link expired',
            message:
              'This invitation link was used already, has expired or was withdrawn. Ask your administrator to send a new one.',
          },
          { status: 410 },
        ),
      ),
    );
    startApp(
      '/accept-invitation#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Accept your invitation',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /used already, has expired/,
    );
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('asks for a password of 12 characters, twice, then resets it', async () => {
    let sent: unknown = null;
    server.use(
      http.post(`${ORIGIN}/api/auth/links`, () =>
        HttpResponse.json({
          purpose: 'password_reset',
          email: 'operator@kiehls.test',
          name: 'Olive',
          expires_at: '2030-01-01T00:00:00.000Z',
        }),
      ),
      http.post(`${ORIGIN}/api/auth/reset-password`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    startApp(
      '/reset-password#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );

    const field = await screen.findByLabelText(/^New password/);
    await userEvent.type(field, 'short');
    await userEvent.click(
      screen.getByRole('button', { name: 'Set new password' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      /at least 12 characters/,
    );

    await userEvent.type(field, ' but now long enough');
    await userEvent.type(
      screen.getByLabelText('Repeat the password'),
      'short but now long enough',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Set new password' }),
    );

    await waitFor(() =>
      expect(sent).toEqual({
        token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
        password: 'short but now long enough',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      /password was changed/,
    );
  });
});
