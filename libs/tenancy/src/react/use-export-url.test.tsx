import {
  mailbackEndpoints,
  recordEndpoints,
} from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../testing';
import { useExportUrl, type ExportEndpoint } from './use-export-url';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

/** Answers POST /api/downloads with a link, keeping the paths asked for. */
function downloads() {
  const paths: string[] = [];
  server.use(
    http.post(`${TEST_ORIGIN}/api/downloads`, async ({ request }) => {
      const { path } = (await request.json()) as { path: string };
      paths.push(path);
      return HttpResponse.json(
        {
          url: `${path}${path.includes('?') ? '&' : '?'}download=ticket`,
          expires_at: '2026-11-24T10:01:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return paths;
}

/** A button that asks `useExportUrl(endpoint, query)` for a link and shows it. */
function Export({
  endpoint,
  query,
}: {
  endpoint: ExportEndpoint;
  query: Record<string, string>;
}) {
  const exportUrl = useExportUrl(endpoint, query);
  const [url, setUrl] = useState('');
  return (
    <>
      <button onClick={() => void exportUrl().then(setUrl)}>Export</button>
      <p>{url}</p>
    </>
  );
}

describe('useExportUrl', () => {
  it("asks for a link to a scoped export with the query and the chosen member's member_id, leaving empty values out", async () => {
    const paths = downloads();
    const { tenancy } = await renderWithShell(
      <Export
        endpoint={recordEndpoints.storesExport}
        query={{ search: 'oak', sort: '' }}
      />,
      {
        signedInAs: 'admin',
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText('/api/stores/export?search=oak&download=ticket'),
    ).toBeInTheDocument();
    act(() => tenancy.selectMember(3));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText(/member_id=3/);
    expect(paths).toEqual([
      '/api/stores/export?search=oak',
      '/api/stores/export?member_id=3&search=oak',
    ]);
  });

  it('never adds a member_id to an export that is not scoped', async () => {
    const paths = downloads();
    await renderWithShell(
      <Export
        endpoint={mailbackEndpoints.mailbackSubmissionsExport}
        query={{ status: 'received', personal: 'true' }}
      />,
      {
        signedInAs: 'admin',
        memberId: 3,
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText(/download=ticket/);
    expect(paths).toEqual([
      '/api/mailback/submissions/export?status=received&personal=true',
    ]);
  });
});
