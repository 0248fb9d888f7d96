import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import SubmissionScreen from './consumer-mailback-submissions-detail-screen';

setupFakeApi({ baseUrl: TEST_ORIGIN });

describe('ConsumerMailbackSubmissionsDetailScreen', () => {
  it('reads the submission identifier from its URL and shows it', async () => {
    await renderWithShell(
      <Routes>
        <Route
          path="/consumer-mailback/submissions/:id"
          element={<SubmissionScreen />}
        />
      </Routes>,
      { signedInAs: 'admin', route: '/consumer-mailback/submissions/MB-2041' },
    );
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Mail-back Submission MB-2041',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('MB-2041', { selector: 'strong' })).toBeVisible();
  });
});
