import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import DataExportScreen from '../data-export-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

/** Serves the count (rows by dataset) and download links; records each count query and link body. */
function serve(memberName: string | null = null) {
  const counts: URLSearchParams[] = [];
  const links: { path: string }[] = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/data-export/count`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      counts.push(query);
      return HttpResponse.json({
        scope: { member_id: memberName ? 2 : null, member_name: memberName },
        dataset: query.get('dataset'),
        count: query.get('dataset') === 'lots' ? 1234 : 56,
      });
    }),
    http.post(`${TEST_ORIGIN}/api/downloads`, async ({ request }) => {
      const body = (await request.json()) as { path: string };
      links.push(body);
      return HttpResponse.json(
        {
          success: true,
          url: `${body.path}&download=abcdefghijklmnopqrstuvwxyz`,
          expires_at: '2026-11-25T03:01:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return { counts, links };
}

describe('DataExportScreen', () => {
  it('counts the rows of the chosen dataset and filters first, then asks for a link to exactly that export with the chosen columns', async () => {
    const { counts, links } = serve();
    await renderWithShell(<DataExportScreen />, {
      signedInAs: 'super',
      route: '/data-export',
    });
    expect(
      await screen.findByText('56 rows of Shipments of every member'),
    ).toBeVisible();

    await userEvent.click(
      screen.getByRole('radio', { name: 'End-of-life lots' }),
    );
    expect(
      await screen.findByText('1,234 rows of End-of-life lots of every member'),
    ).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'confirmed',
    );
    await waitFor(() => expect(counts.at(-1)?.get('status')).toBe('confirmed'));
    expect(counts.at(-1)?.get('dataset')).toBe('lots');

    const columns = screen.getByRole('group', { name: /^Columns/ });
    await userEvent.click(
      within(columns).getByRole('button', { name: 'No columns' }),
    );
    expect(screen.getByText('Choose at least one column.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
    await userEvent.click(
      within(columns).getByRole('checkbox', { name: 'Weight (kg)' }),
    );
    await userEvent.click(
      within(columns).getByRole('checkbox', { name: 'Id' }),
    );
    expect(columns).toHaveAccessibleName('Columns (2 of 13)');

    await userEvent.click(
      screen.getByRole('button', { name: 'Download CSV (1,234 rows)' }),
    );
    await waitFor(() => expect(links).toHaveLength(1));
    const path = new URL(links[0]?.path ?? '', TEST_ORIGIN);
    expect(path.pathname).toBe('/api/data-export');
    expect(Object.fromEntries(path.searchParams)).toEqual({
      dataset: 'lots',
      status: 'confirmed',
      columns: 'id,weight_kg',
    });
  });

  it('refuses a period that ends before it starts, on the field, without asking the server', async () => {
    const { counts } = serve();
    await renderWithShell(<DataExportScreen />, {
      signedInAs: 'admin',
      route: '/data-export?dataset=receipts&from=2026-03-01',
    });
    await screen.findByText(
      '56 rows of Receipts (warehouse weigh-ins) of every member',
    );
    const asked = counts.length;
    const to = screen.getByLabelText('Received to');
    await userEvent.type(to, '2026-02-01');
    expect(
      await screen.findAllByText('The period must start on or before its end.'),
    ).not.toHaveLength(0);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(
      counts.slice(asked).every((query) => query.get('to') !== '2026-02-01'),
    ).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it('refuses a day typed outside 1900–2099 on its field, without asking the server', async () => {
    const { counts } = serve();
    await renderWithShell(<DataExportScreen />, {
      signedInAs: 'admin',
      route: '/data-export?dataset=receipts&from=0201-03-01',
    });
    const from = await screen.findByLabelText('Received from');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    // The date input itself offers only the days the contract takes.
    expect(from).toHaveAttribute('min', '1900-01-01');
    expect(from).toHaveAttribute('max', '2099-12-31');
    expect(
      screen.getAllByText('Enter a day that exists, from 1900 to 2099.'),
    ).not.toHaveLength(0);
    expect(counts.every((query) => query.get('from') !== '0201-03-01')).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: /download csv/i })).toBeNull();
  });

  it("gives a brand admin no member choice and counts their member's rows", async () => {
    serve("Kiehl's");
    await renderWithShell(<DataExportScreen />, {
      signedInAs: 'brandAdmin',
      route: '/data-export?dataset=stores',
    });
    expect(
      await screen.findByText("56 rows of Stores of Kiehl's"),
    ).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Stores' })).toBeChecked();
  });
});
