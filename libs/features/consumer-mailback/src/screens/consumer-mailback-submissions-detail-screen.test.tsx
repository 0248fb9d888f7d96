import {
  mailbackEndpoints,
  type MailbackSubmission,
} from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import SubmissionScreen from './consumer-mailback-submissions-detail-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const MASKED: MailbackSubmission = {
  id: 'MB-2041',
  status: 'label_sent',
  person: {
    name: 'J••• M•••',
    email: 'j•••@e•••.com',
    address_line1: '•••',
    address_line2: '',
    city: 'P•••',
    state: 'OR',
    postal_code: '97•••',
  },
  revealed: false,
  redacted: false,
  region: 'West',
  products: [{ brand_id: 2, brand: "Kiehl's", count: 3 }],
  form_version: 1,
  tracking_number: '9400123',
  label_sent_at: '2026-11-20T08:00:00.000Z',
  shipped_at: null,
  received_at: null,
  received_weight_kg: null,
  shipment_id: null,
  shipment_ref: null,
  notes: [],
  timeline: [
    {
      at: '2026-11-19T08:00:00.000Z',
      action: 'create',
      by: null,
      detail: '3 items requested',
    },
  ],
  version: 2,
  created_at: '2026-11-19T08:00:00.000Z',
};

const REVEALED: MailbackSubmission = {
  ...MASKED,
  revealed: true,
  person: {
    name: 'Jo Marsh',
    email: 'jo.marsh@example.com',
    address_line1: '12 Alder Street',
    address_line2: '',
    city: 'Portland',
    state: 'OR',
    postal_code: '97201',
  },
};

function open() {
  return renderWithShell(
    <Routes>
      <Route
        path="/consumer-mailback/submissions/:id"
        element={<SubmissionScreen />}
      />
    </Routes>,
    { signedInAs: 'admin', route: '/consumer-mailback/submissions/MB-2041' },
  );
}

describe('ConsumerMailbackSubmissionsDetailScreen', () => {
  it('is tested with answers the contract accepts', () => {
    for (const submission of [MASKED, REVEALED]) {
      expect(
        v.safeParse(mailbackEndpoints.mailbackSubmission.response, {
          submission,
        }).issues,
      ).toBeUndefined();
    }
  });

  it('shows the submission masked, and reveals it on request', async () => {
    let reveals = 0;
    server.use(
      http.get(`${TEST_ORIGIN}/api/mailback/submissions/MB-2041`, () =>
        HttpResponse.json({ submission: MASKED }),
      ),
      http.post(
        `${TEST_ORIGIN}/api/mailback/submissions/MB-2041/reveal`,
        () => {
          reveals += 1;
          return HttpResponse.json({ submission: REVEALED });
        },
      ),
    );
    await open();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Mail-back Submission MB-2041',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('J••• M•••')).toBeInTheDocument();
    expect(screen.queryByText('Jo Marsh')).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Reveal personal data' }),
    );
    expect(await screen.findByText('Jo Marsh')).toBeInTheDocument();
    expect(screen.getByText('jo.marsh@example.com')).toBeInTheDocument();
    expect(reveals).toBe(1);
    await userEvent.click(
      screen.getByRole('button', { name: 'Hide personal data' }),
    );
    expect(await screen.findByText('J••• M•••')).toBeInTheDocument();
    expect(screen.queryByText('Jo Marsh')).not.toBeInTheDocument();
  });

  it("never shows another submission's revealed data: the reveal counts for its own id only", async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/mailback/submissions/MB-2041`, () =>
        HttpResponse.json({ submission: MASKED }),
      ),
      http.post(`${TEST_ORIGIN}/api/mailback/submissions/MB-2041/reveal`, () =>
        // An answer about another submission (a stale or misrouted one).
        HttpResponse.json({ submission: { ...REVEALED, id: 'MB-2042' } }),
      ),
    );
    await open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reveal personal data' }),
    );
    await screen.findByText(/recorded in the audit trail/);
    expect(screen.queryByText('Jo Marsh')).not.toBeInTheDocument();
    expect(screen.getByText('J••• M•••')).toBeInTheDocument();
  });

  it('records the arrival, links the shipment it became, and redacts with the typed id', async () => {
    const bodies: Record<string, unknown> = {};
    const RECEIVED: MailbackSubmission = {
      ...MASKED,
      status: 'received',
      received_at: '2026-11-24T08:00:00.000Z',
      received_weight_kg: 1.25,
      shipment_id: 7001,
      version: 2,
    };
    const answer =
      (name: string) =>
      async ({ request }: { request: Request }) => {
        bodies[name] = await request.json();
        return HttpResponse.json({ submission: RECEIVED });
      };
    server.use(
      http.get(`${TEST_ORIGIN}/api/mailback/submissions/MB-2041`, () =>
        HttpResponse.json({
          submission: bodies.receive ? RECEIVED : MASKED,
        }),
      ),
      http.post(
        `${TEST_ORIGIN}/api/mailback/submissions/MB-2041/receive`,
        answer('receive'),
      ),
      http.post(
        `${TEST_ORIGIN}/api/mailback/submissions/MB-2041/redact`,
        answer('redact'),
      ),
    );
    await open();
    await userEvent.type(
      await screen.findByRole('spinbutton', { name: 'Received weight (kg)' }),
      '1.25',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Record arrival' }),
    );
    await waitFor(() =>
      expect(bodies.receive).toEqual({ version: 2, weight_kg: 1.25 }),
    );
    expect(
      await screen.findByRole('link', { name: 'Shipment 7001' }),
    ).toHaveAttribute('href', '/shipment-tracking?shipment=7001');
    expect(
      screen.queryByRole('button', { name: 'Record arrival' }),
    ).not.toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Type MB-2041 to confirm' }),
      'MB-2041',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Redact personal data' }),
    );
    await waitFor(() =>
      expect(bodies.redact).toEqual({ version: 2, confirm: 'MB-2041' }),
    );
  });

  it('says the submission changed when a note meets a newer version (409), and reloads it on request', async () => {
    let reads = 0;
    server.use(
      http.get(`${TEST_ORIGIN}/api/mailback/submissions/MB-2041`, () => {
        reads += 1;
        return HttpResponse.json({ submission: MASKED });
      }),
      http.post(`${TEST_ORIGIN}/api/mailback/submissions/MB-2041/notes`, () =>
        HttpResponse.json(
          {
            error: 'Conflict',
            message: 'The submission changed since you read it.',
            current: { ...MASKED, version: 3 },
          },
          { status: 409 },
        ),
      ),
    );
    await open();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Note' }),
      'Called back',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(
      await screen.findByText(/Someone else changed this record/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue(
      'Called back',
    );
    const before = reads;
    await userEvent.click(
      screen.getByRole('button', { name: 'Load the latest version' }),
    );
    await waitFor(() => expect(reads).toBeGreaterThan(before));
  });
});
