import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

describe('CopyButton', () => {
  it('copies the text and says so', async () => {
    const write = vi.fn(() => Promise.resolve());
    render(<CopyButton text="ck_1_secret" write={write} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith('ck_1_secret');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    render(
      <CopyButton text="x" write={() => Promise.reject(new Error('denied'))} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/select the text/)).toBeInTheDocument();
  });
});
