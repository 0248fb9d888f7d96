import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { SetupServer } from 'msw/node';

/**
 * A test file's stand-in for one GET endpoint on the MSW `server`: calling
 * the function it returns answers every GET of `url` with `answer` and
 * `status` for the rest of the test (an override, reset after it), and
 * gives back the query of each request in order, so a test can check what
 * a screen asked for. Needs `msw` 2.
 */
export function answerGet(
  server: Pick<SetupServer, 'use'>,
  url: string,
): (answer: JsonBodyType, status?: number) => URLSearchParams[] {
  return (answer, status = 200) => {
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
