import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { useTenancy } from '@collective/tenancy/react';
import { renderWithShell } from '@collective/tenancy/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDashboardSummary } from './dashboard-summary';

setupFakeApi({ baseUrl: TEST_ORIGIN });

/** What one render showed: the member selected and the member its figures are of. */
interface Shown {
  selected: number | null;
  figuresOf: number | null | undefined;
  status: string;
}

/** Renders the hook and keeps what every render of it returned. */
async function renderRecorded() {
  const renders: Shown[] = [];
  function Probe() {
    const { selectedMemberId } = useTenancy();
    const summary = useDashboardSummary();
    renders.push({
      selected: selectedMemberId,
      figuresOf: summary.data?.scope.member_id,
      status: summary.status,
    });
    return <p>{summary.status}</p>;
  }
  const shell = await renderWithShell(<Probe />, {
    signedInAs: 'admin',
    route: '/dashboard',
  });
  return { renders, ...shell };
}

describe('useDashboardSummary', () => {
  it('never renders the figures of one member beside the selection of another, whether the new figures are cached or not', async () => {
    const { renders, tenancy } = await renderRecorded();
    await screen.findByText('success');
    // To a member not read yet (loading), back to the whole collective
    // (cached), then to the member again (cached now).
    const statuses: string[][] = [];
    for (const member of [3, null, 3]) {
      const from = renders.length;
      act(() => tenancy.selectMember(member));
      await waitFor(() =>
        expect(renders.at(-1)).toMatchObject({
          selected: member,
          figuresOf: member,
          status: 'success',
        }),
      );
      statuses.push([...new Set(renders.slice(from).map((r) => r.status))]);
    }
    const mismatched = renders.filter(
      (shown) =>
        shown.figuresOf !== undefined && shown.figuresOf !== shown.selected,
    );
    expect(mismatched).toEqual([]);
    // Cached figures are shown without a loading state in between.
    expect(statuses).toEqual([
      ['pending', 'success'],
      ['success'],
      ['success'],
    ]);
  });
});
