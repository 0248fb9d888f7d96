import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Sheet } from './sheet';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Menu
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Navigation">
        <a href="/dashboard">Dashboard</a>
        <a href="/api-keys">API Keys</a>
      </Sheet>
    </>
  );
}

// jsdom has no showModal: these tests cover the sheet's own behaviour (the
// fallback path); the modal one (inert page, Escape, backdrop) is covered in
// Chromium by the e2e suite.
describe('Sheet', () => {
  it('is named by its title and shows its content only while open', async () => {
    render(<Harness />);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  it('keeps Tab inside, wrapping from the last control to the first and back', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('link', { name: 'API Keys' }),
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(
      screen.getByRole('link', { name: 'API Keys' }),
    );
  });

  it('closes with its button and gives focus back to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
