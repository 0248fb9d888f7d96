import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecordDetail, type RecordDetailProps } from './record-detail';

type Member = { name: string };

function detail(
  query: RecordDetailProps<Member>['query'],
  record?: Member,
  notice = '',
) {
  const onBack = vi.fn();
  const view = (
    <RecordDetail
      backLabel="Back to members"
      onBack={onBack}
      notice={notice}
      query={query}
      record={record}
      title={(m) => m.name}
      headingId="member-2"
      loadingText="Loading the member…"
    >
      {(m) => <p>Facts of {m.name}</p>}
    </RecordDetail>
  );
  return { onBack, view };
}

describe('RecordDetail', () => {
  it('says it is loading, then shows the record under a focused heading naming the article', () => {
    const refetch = vi.fn();
    const loading = detail({ status: 'pending', error: null, refetch });
    const { rerender } = render(loading.view);
    expect(screen.getByText('Loading the member…')).toBeVisible();
    rerender(
      detail({ status: 'success', error: null, refetch }, { name: "Kiehl's" })
        .view,
    );
    const heading = screen.getByRole('heading', { level: 2, name: "Kiehl's" });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('article', { name: "Kiehl's" })).toHaveTextContent(
      "Facts of Kiehl's",
    );
  });

  it("gives the server's sentence on a failure, with a Retry that refetches", async () => {
    const refetch = vi.fn();
    const refused = Object.assign(new Error('Not Found'), {
      serverMessage: 'No member 9 in your scope.',
    });
    render(detail({ status: 'error', error: refused, refetch }).view);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No member 9 in your scope.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('goes back to the list, and says what the last write did', async () => {
    const { onBack, view } = detail(
      { status: 'success', error: null, refetch: vi.fn() },
      { name: "Kiehl's" },
      "Kiehl's was saved.",
    );
    render(view);
    expect(screen.getByRole('status')).toHaveTextContent("Kiehl's was saved.");
    await userEvent.click(
      screen.getByRole('button', { name: 'Back to members' }),
    );
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
