import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import InstructionsScreen from './instructions-screen';
import { PREVIEW_DELAY_MS } from './page-preview';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const summary = (slug: string, title: string, position: number) => ({
  slug,
  title,
  position,
  version: 3,
  updated_at: '2026-11-20T08:00:00.000Z',
});

const PAGES = [
  summary('what-is-accepted', 'What is accepted', 10),
  summary('mail-back-rules', 'Consumer mail-back rules', 20),
];

const page = (slug: string, changes: object = {}) => ({
  ...(PAGES.find((p) => p.slug === slug) ?? PAGES[0]),
  body: `## ${slug}\n\nSee [the rules](/instructions?page=mail-back-rules).`,
  html: `<h3>${slug} heading</h3>\n<p>See <a href="/instructions?page=mail-back-rules">the rules</a> and <a href="/mail-back">the form</a>.</p>`,
  updated_by: null,
  ...changes,
});

/** Serves the list and each page; `latest` replaces a page's answer (e.g. after someone else's edit). */
function servePages(latest: Record<string, object> = {}) {
  server.use(
    http.get(`${TEST_ORIGIN}/api/instructions`, () =>
      HttpResponse.json({ pages: PAGES }),
    ),
    http.get(`${TEST_ORIGIN}/api/instructions/:slug`, ({ params }) =>
      HttpResponse.json({
        page: page(String(params['slug']), latest[String(params['slug'])]),
      }),
    ),
  );
}

/** Answers previews with the Markdown escaped in a paragraph, and records each body sent. */
function servePreview() {
  const asked: string[] = [];
  server.use(
    http.post(
      `${TEST_ORIGIN}/api/instructions/preview`,
      async ({ request }) => {
        const { body } = (await request.json()) as { body: string };
        asked.push(body);
        return HttpResponse.json({
          html: `<p>previewed: ${body.length} characters</p>`,
        });
      },
    ),
  );
  return asked;
}

function Where() {
  const { search } = useLocation();
  return <output aria-label="Location">{search}</output>;
}

async function open(
  signedInAs: 'admin' | 'brandAdmin',
  route = '/instructions',
) {
  await renderWithShell(
    <>
      <InstructionsScreen />
      <Where />
    </>,
    { signedInAs, route },
  );
  return screen.findByRole('heading', { level: 2 });
}

/**
 * Clicks a link and tells whether the screen took the click over (followed
 * it in the app); the browser's own navigation is stopped afterwards, as
 * jsdom cannot navigate.
 */
async function clickFollowed(name: string): Promise<boolean> {
  let followed = false;
  const record = (event: Event) => {
    followed = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', record);
  await userEvent.click(screen.getByRole('link', { name }));
  document.removeEventListener('click', record);
  return followed;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('InstructionsScreen', () => {
  it("lists the tenant's pages and shows the first one's server HTML to a brand admin, without an edit control", async () => {
    servePages();
    const title = await open('brandAdmin');

    expect(title).toHaveTextContent('What is accepted');
    const nav = screen.getByRole('navigation', { name: 'Instruction pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['What is accepted', 'Consumer mail-back rules']);
    expect(
      within(nav).getByRole('link', { name: 'What is accepted' }),
    ).toHaveAttribute('aria-current', 'page');
    const content = screen.getByRole('region', { name: 'What is accepted' });
    expect(
      within(content).getByRole('heading', {
        name: 'what-is-accepted heading',
      }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Edit page' }),
    ).not.toBeInTheDocument();
  });

  it('follows a link of the dashboard inside a page without reloading, and says when the asked page does not exist', async () => {
    servePages();
    await open('brandAdmin', '/instructions?page=no-such-page');

    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'There is no page “no-such-page”; here is the first one.',
    );
    // The server's own page (not a screen of the route table) is left to the browser.
    expect(await clickFollowed('the form')).toBe(false);
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '?page=no-such-page',
    );
    expect(await clickFollowed('the rules')).toBe(true);

    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Consumer mail-back rules',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '?page=mail-back-rules',
    );
  });

  it('previews the Markdown through the server once typing pauses, and saves only what changed at the version read', async () => {
    servePages();
    const asked = servePreview();
    const saved: unknown[] = [];
    server.use(
      http.patch(
        `${TEST_ORIGIN}/api/instructions/what-is-accepted`,
        async ({ request }) => {
          saved.push(await request.json());
          return HttpResponse.json({
            page: page('what-is-accepted', { body: 'New text', version: 4 }),
          });
        },
      ),
    );
    await open('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit page' }));
    const form = screen.getByRole('form', { name: 'Edit What is accepted' });
    const text = within(form).getByRole('textbox', { name: 'Text (Markdown)' });
    await waitFor(() => expect(asked).toHaveLength(1)); // the text as read

    vi.useFakeTimers();
    fireEvent.change(text, { target: { value: 'New' } });
    act(() => vi.advanceTimersByTime(PREVIEW_DELAY_MS - 100));
    fireEvent.change(text, { target: { value: 'New text' } });
    act(() => vi.advanceTimersByTime(PREVIEW_DELAY_MS - 1));
    expect(asked).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() =>
      expect(asked).toEqual([expect.any(String), 'New text']),
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() =>
      expect(preview).toHaveTextContent('previewed: 8 characters'),
    );
    expect(
      within(form).getByText(/^8 of 20,000 characters/),
    ).toBeInTheDocument();

    const place = within(form).getByRole('spinbutton', {
      name: 'Place in the list',
    });
    await userEvent.clear(place);
    await userEvent.type(place, '5');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save page' }),
    );

    await waitFor(() =>
      expect(saved).toEqual([{ version: 3, position: 5, body: 'New text' }]),
    );
    expect(
      await screen.findByRole('button', { name: 'Edit page' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('keeps the text after a 409 and loads the latest version on request', async () => {
    servePages();
    servePreview();
    server.use(
      http.patch(`${TEST_ORIGIN}/api/instructions/what-is-accepted`, () => {
        servePages({
          'what-is-accepted': { title: 'Accepted items', version: 4 },
        });
        return HttpResponse.json(
          {
            error: 'Conflict',
            message: 'The page changed since you read it (version 3, now 4).',
          },
          { status: 409 },
        );
      }),
    );
    await open('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit page' }));
    const form = screen.getByRole('form', { name: 'Edit What is accepted' });
    const text = within(form).getByRole('textbox', { name: 'Text (Markdown)' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Mine');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save page' }),
    );

    expect(
      await within(form).findByText(/Someone else changed this record/),
    ).toBeInTheDocument();
    expect(text).toHaveValue('Mine');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
        'Accepted items',
      ),
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Load the latest version' }),
    );

    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Accepted items',
    );
    expect(text).toHaveValue(page('what-is-accepted').body);
    expect(
      within(form).getByRole('spinbutton', { name: 'Place in the list' }),
    ).toHaveValue(10);
  });

  it('refuses a text over the cap before sending it, and does not ask for its preview', async () => {
    servePages();
    const asked = servePreview();
    await open('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit page' }));
    const form = screen.getByRole('form', { name: 'Edit What is accepted' });
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.change(
      within(form).getByRole('textbox', { name: 'Text (Markdown)' }),
      { target: { value: 'a'.repeat(20_001) } },
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save page' }),
    );

    expect(
      await within(form).findByText(/body must be at most 20,000 characters/),
    ).toBeInTheDocument();
    expect(
      within(form).getByText(/shorten it to see the preview/),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, PREVIEW_DELAY_MS + 50));
    expect(asked).toHaveLength(1);
  });
});
