import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../testing';
import { ExportButton } from './export-button';

/** Downloads the page started: the hidden link's address and file name at the click. */
let downloads: { href: string; download: string | null }[] = [];
function recordDownload(event: MouseEvent) {
  const target = event.target;
  if (!(target instanceof HTMLAnchorElement)) return;
  downloads.push({
    href: target.href,
    download: target.getAttribute('download'),
  });
  event.preventDefault(); // jsdom cannot navigate
}

describe('ExportButton', () => {
  beforeEach(() => {
    downloads = [];
    document.addEventListener('click', recordDownload);
  });
  afterEach(() => document.removeEventListener('click', recordDownload));

  it('prepares, then downloads through a link with download, once', async () => {
    const url = deferred<string>();
    const getDownloadUrl = vi.fn(() => url.promise);
    render(
      <ExportButton getDownloadUrl={getDownloadUrl} fileName="stores.csv" />,
    );
    const button = screen.getByRole('button', { name: 'Export CSV' });
    await userEvent.click(button);

    expect(button).toHaveTextContent('Preparing export…');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Preparing export…');
    await userEvent.click(button);
    expect(getDownloadUrl).toHaveBeenCalledTimes(1);

    url.resolve('https://files.example/exports/abc?sig=1');
    expect(
      await screen.findByText(
        'Your download has started. Your browser saves the file.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(downloads).toEqual([
      {
        href: 'https://files.example/exports/abc?sig=1',
        download: 'stores.csv',
      },
    ]);
    expect(button).toHaveTextContent('Export CSV');
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('keeps the single-use address out of the page once followed', async () => {
    render(
      <ExportButton
        getDownloadUrl={() => Promise.resolve('/api/exports/once')}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText(/download has started/);
    expect(document.querySelector('a[href]')).toBeNull();
  });

  it('says why it failed, as an alert, and can try again', async () => {
    const getDownloadUrl = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('The export service is busy.'))
      .mockResolvedValueOnce('/api/exports/2');
    render(
      <ExportButton getDownloadUrl={getDownloadUrl} label="Export stores" />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Export stores' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export could not be prepared: The export service is busy. Try again.',
    );
    expect(downloads).toEqual([]);

    await userEvent.click(
      screen.getByRole('button', { name: 'Export stores' }),
    );
    await screen.findByText(/download has started/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(downloads).toHaveLength(1);
  });

  it('starts no download when the screen was left before the address came', async () => {
    const url = deferred<string>();
    const { unmount } = render(
      <ExportButton getDownloadUrl={() => url.promise} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    unmount();
    url.resolve('/api/exports/late');
    await url.promise;
    expect(downloads).toEqual([]);
  });

  it('is reached with Tab and started with Enter; the hidden link is not a stop', async () => {
    render(
      <ExportButton getDownloadUrl={() => Promise.resolve('/api/exports/3')} />,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText(/download has started/);
    expect(downloads).toHaveLength(1);
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });
});
