import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { expect, it } from 'vitest';

/**
 * A test's answer to GET `url`: `answerWith(answer, status)` makes the fake
 * server answer it and returns the query of every request, in order.
 */
export function answerGet(server: SetupServer, url: string) {
  return (answer: object, status = 200): URLSearchParams[] => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(url, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(answer, { status });
      }),
    );
    return asked;
  };
}

/** The test that a screen shows its read's failure with Retry, which asks again. */
export function itRetriesAfterAFailure(
  answerWith: ReturnType<typeof answerGet>,
  open: () => Promise<unknown>,
): void {
  it('shows a failure with Retry, which asks again', async () => {
    const asked = answerWith(
      { error: 'Internal Server Error', message: 'The server failed.' },
      500,
    );
    await open();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const before = asked.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
  });
}
