import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RecordScreen } from './record-screen';

setupFakeApi({ baseUrl: TEST_ORIGIN });

function List() {
  return (
    <Link to="?thing=7" state={{ fromList: true }}>
      Thing 7
    </Link>
  );
}

function Detail({ id, onBack }: { id: number; onBack: () => void }) {
  return (
    <>
      <p>Detail of {id}</p>
      <button type="button" onClick={onBack}>
        Back
      </button>
    </>
  );
}

const render = (route: string) =>
  renderWithShell(<RecordScreen param="thing" List={List} Detail={Detail} />, {
    signedInAs: 'admin',
    route,
  });

describe('RecordScreen', () => {
  it('shows the list while no record is chosen', async () => {
    await render('/records');
    expect(await screen.findByRole('link', { name: 'Thing 7' })).toBeVisible();
    expect(screen.queryByText(/Detail of/)).not.toBeInTheDocument();
  });

  it("shows the chosen record's detail, and the list again on Back", async () => {
    await render('/records?thing=3');
    expect(await screen.findByText('Detail of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Thing 7' })).toBeVisible();
  });
});
