import { logger, type Tree } from '@nx/devkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointGenerator } from '../endpoint/generator';
import {
  EXAMPLE_THING_READ,
  EXAMPLE_THINGS_LIST,
} from '../testing/example-things';
import {
  expectChanges,
  expectToContainEach,
  generatedBeforeEach,
  itRefusesEach,
} from '../testing/tree-expectations';
import {
  read,
  syntaxErrors,
  treeWithWorkspaceSources,
} from '../testing/workspace-tree';
import { ROUTES_FILE, screenGenerator } from './generator';
import type { ScreenGeneratorSchema } from './schema';

const ANALYTICS = 'libs/features/analytics';
// The screen file the screens map loads, written over by the tests as a placeholder.
const SCREEN = `${ANALYTICS}/src/screens/regional-summary-screen.tsx`;
const TEST = `${ANALYTICS}/src/screens/regional-summary-screen.test.tsx`;
const DATA = `${ANALYTICS}/src/data/example-things.ts`;

// The administration screen the stores-list tests write over: a placeholder
// of their own, since /g2-store-mappings has its real screen now.
const MAPPINGS_SCREEN =
  'libs/features/administration/src/screens/g2-store-mappings-screen.tsx';

/**
 * Writes a placeholder screen the generator fills (as `nx g` finds one for
 * a new route), without a test: every route has its real screen now, so
 * the tests make the placeholders they write over.
 */
function writePlaceholder(
  tree: Tree,
  file: string,
  path: string,
  component: string,
): void {
  tree.delete(file.replace(/\.tsx$/, '.test.tsx'));
  tree.write(
    file,
    `import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of ${path}: framed and titled from the route table; its
 * content is not available yet.
 */
export default function ${component}() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
`,
  );
}

const OPTIONS: ScreenGeneratorSchema = {
  path: '/regional-summary',
  library: 'analytics',
  endpoint: 'exampleThings',
  skipFormat: true,
};

/** Generates the administration library's /g2-store-mappings screen over its placeholder, reading `endpoint`. */
async function generateMappingsScreen(
  tree: Tree,
  endpoint: string,
): Promise<void> {
  writePlaceholder(
    tree,
    MAPPINGS_SCREEN,
    '/g2-store-mappings',
    'G2StoreMappingsScreen',
  );
  await screenGenerator(tree, {
    ...OPTIONS,
    path: '/g2-store-mappings',
    library: 'administration',
    endpoint,
  });
}

describe('screenGenerator', () => {
  let tree: Tree;

  beforeEach(async () => {
    tree = treeWithWorkspaceSources();
    writePlaceholder(
      tree,
      SCREEN,
      '/regional-summary',
      'RegionalSummaryScreen',
    );
    writePlaceholder(
      tree,
      `${ANALYTICS}/src/screens/member-comparisons-screen.tsx`,
      '/member-comparisons',
      'MemberComparisonsScreen',
    );
    await endpointGenerator(tree, EXAMPLE_THINGS_LIST);
  });

  describe('over a scoped list, for a route whose screen is a placeholder', () => {
    const before = generatedBeforeEach(
      () => tree,
      (tree) => screenGenerator(tree, OPTIONS),
    );

    it('writes the data hook, and the screen over its placeholder with its test beside it, leaving the screens map as it is', () => {
      expectChanges(tree, before(), [
        `CREATE ${DATA}`,
        `CREATE ${TEST}`,
        `UPDATE ${SCREEN}`,
      ]);
      expect(read(tree, SCREEN)).toContain(
        "import { useExampleThings } from '../data/example-things';",
      );
      expect(read(tree, TEST)).toContain(
        "import RegionalSummaryScreen from './regional-summary-screen';",
      );
    });

    it("reads the list with useScopedQuery from its contract entry and the kit's list query, keeping the page while the next loads", () => {
      const data = read(tree, DATA);
      expectToContainEach(data, [
        "import { useScopedQuery } from '@collective/tenancy/react';",
        "import { listQuery, type ListQueryView } from '@collective/ui';",
        'export function useExampleThings(view: ExampleThingsView)',
        "import { type EXAMPLE_THING_SORTS, exampleThingsEndpoints } from '@collective/api-client/contract';",
        'exampleThingsEndpoints.exampleThings,',
        '{ query: listQuery(view) }',
        "{ keepPreviousWhileChanging: ['page'] }",
        'export type ExampleThingsView = ListQueryView<(typeof EXAMPLE_THING_SORTS)[number]>;',
      ]);
      expect(data).not.toMatch(/\bendpoints\b/);
      expect(data).not.toContain('member_id');
    });

    it('frames a DataTable whose search, sort and page are the list state of the URL', () => {
      expectToContainEach(read(tree, SCREEN), [
        'export default function RegionalSummaryScreen()',
        '<ScreenFrame>',
        'const list = useListParams(LIST, useSearchParams());',
        '<FilterBar',
        '<DataTable',
        'rows={page?.example_things ?? NO_ROWS}',
        "sortable: ['name'],",
        "{ id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true, sortable: true },",
        'sort: apiSort(state.sort, EXAMPLE_THING_SORTS),',
        'pagination={listPagination(list, LIST, page?.total)}',
        'onRetry={() => void answer.refetch()}',
      ]);
    });

    it('tests the rows, the URL’s list state, the empty list, the scope and a failure against an answer of the contract’s type', () => {
      expectToContainEach(read(tree, TEST), [
        "const ANSWER: v.InferInput<(typeof exampleThingsEndpoints)['exampleThings']['response']> = {",
        'answerGet(server, `${TEST_ORIGIN}/api/example-things`)',
        "it('shows the rows of the answer in a table named by their total'",
        "await open('super', '/regional-summary?search=Name&sort=-name&page=2');",
        "expect(asked[0]?.get('sort')).toBe('-name');",
        'answerWith({ ...ANSWER, example_things: [], total: 0 });',
        'itAsksForTheDataScope(answerWith, ANSWER, open);',
        "itRetriesAfterAFailure(answerWith, () => open('super'));",
      ]);
    });
  });

  it('shows the values of an answer that is not a list (the dashboard summary’s month)', async () => {
    writePlaceholder(
      tree,
      `${ANALYTICS}/src/screens/average-metrics-screen.tsx`,
      '/average-metrics',
      'AverageMetricsScreen',
    );
    await screenGenerator(tree, {
      ...OPTIONS,
      path: '/average-metrics',
      endpoint: 'dashboardSummary',
    });

    const folder = `${ANALYTICS}/src/screens`;
    expectToContainEach(read(tree, `${folder}/average-metrics-screen.tsx`), [
      '<DataState',
      '{...queryState(answer)}',
      '<dt>Month</dt>',
      '<dd>{answer.data.month}</dd>',
    ]);
    expect(read(tree, `${ANALYTICS}/src/data/dashboard-summary.ts`)).toContain(
      'return useScopedQuery(shellEndpoints.dashboardSummary, { query: {} });',
    );
    expectToContainEach(
      read(tree, `${folder}/average-metrics-screen.test.tsx`),
      [
        'scope: { member_id: null, member_name: null },',
        // The first sample that fits the schema's pattern (YYYY-MM), and the materials' own codes.
        'month: "2026-11",',
        'material: "pp5",',
        'expect(v.safeParse(shellEndpoints.dashboardSummary.response, ANSWER).issues).toBeUndefined();',
        'recycled_share: 1,',
      ],
    );
    expect(
      syntaxErrors(tree, `${folder}/average-metrics-screen.test.tsx`),
    ).toEqual([]);
  });

  it('takes the columns and sorts of an existing list from the contract (the stores)', async () => {
    await generateMappingsScreen(tree, 'stores');

    const screen = read(tree, MAPPINGS_SCREEN);
    expectToContainEach(screen, [
      "sortable: ['name', 'city'],",
      "{ id: 'last_shipment_at', header: 'Last shipment at', cell: (row) => row.last_shipment_at === null || row.last_shipment_at === undefined ? '–' : formatDate(row.last_shipment_at), hideable: true, hiddenByDefault: true },",
      "cell: (row) => (row.active ? 'Yes' : 'No')",
      "cell: (row) => formatNumber(row.weight_kg_12m), align: 'end'",
      'sort: apiSort(state.sort, STORE_SORTS),',
    ]);
    expect(screen).not.toContain("id: 'member_id'");
  });

  it('reads a list without search or order by its page alone (the G2 uploads)', async () => {
    await generateMappingsScreen(tree, 'g2Uploads');

    const data = read(
      tree,
      'libs/features/administration/src/data/g2-uploads.ts',
    );
    expectToContainEach(data, [
      'export interface G2UploadsView {',
      'export function useG2Uploads(view: G2UploadsView)',
      'query: { page: String(view.page), page_size: String(view.pageSize) }',
    ]);
    expect(data).not.toContain('listQuery');
    expect(data).not.toContain('view.search');
    expect(
      syntaxErrors(tree, 'libs/features/administration/src/data/g2-uploads.ts'),
    ).toEqual([]);
  });

  it('reads the parameters of a route with useParams and tests it under its route', async () => {
    tree.write(
      ROUTES_FILE,
      read(tree, ROUTES_FILE).replace(
        "  { path: '/instructions',",
        "  { path: '/example-things/:id', title: 'Example Thing', audience: 'admins' },\n  { path: '/instructions',",
      ),
    );
    await endpointGenerator(tree, EXAMPLE_THING_READ);

    await screenGenerator(tree, {
      ...OPTIONS,
      path: '/example-things/:id',
      endpoint: 'exampleThing',
    });

    // A route the screens map does not know yet: a folder of its own and a new loader.
    const folder = `${ANALYTICS}/src/screens/example-things-detail`;
    expectToContainEach(
      read(tree, `${folder}/example-things-detail-screen.tsx`),
      [
        "import { useExampleThing } from '../../data/example-thing';",
        'export default function ExampleThingsDetailScreen()',
        "const { id = '' } = useParams();",
        'const answer = useExampleThing({ id });',
      ],
    );
    expectToContainEach(
      read(tree, `${folder}/example-things-detail-screen.test.tsx`),
      [
        '<Route path="/example-things/:id" element={<ExampleThingsDetailScreen />} />',
        "url = '/example-things/42'",
        'answerGet(server, `${TEST_ORIGIN}/api/example-things/:id`)',
      ],
    );
    expect(read(tree, `${ANALYTICS}/src/index.ts`)).toContain(
      "'/example-things/:id': () => import('./screens/example-things-detail/example-things-detail-screen')",
    );
  });

  itRefusesEach<ScreenGeneratorSchema>(
    [
      [{ path: 'regional-summary' }, /is not a route path/],
      [
        { path: '/regional-summaries' },
        /is not in the route table.*libs\/nav\/src\/routes\.ts/,
      ],
      [{ path: '/g2-uploads' }, /redirects/],
      [{ library: 'reports' }, /no feature library "reports".*analytics/],
      [
        { endpoint: 'exampleThingz' },
        /no entry "exampleThingz".*exampleThings/,
      ],
      [
        { endpoint: 'createApiKey' },
        /a write; a screen is generated over a read/,
      ],
      [{ endpoint: 'savedViews' }, /requires list, which a screen cannot know/],
      [
        { endpoint: 'store' },
        /needs :id, which \/regional-summary does not have/,
      ],
      [{ path: '/dashboard' }, /is a screen of feature-dashboard already/],
      [{ path: '/stores-analytics' }, /already has a screen with content/],
      [
        { path: '/member-comparisons', endpoint: 'stores' },
        /data\/stores\.ts already declares useStores/,
      ],
    ],
    () => tree,
    (tree, change) => screenGenerator(tree, { ...OPTIONS, ...change }),
  );

  it('references the libraries the new files import, as nx sync would, once', async () => {
    for (const library of ['ui', 'platform', 'nav', 'tenancy', 'api-client']) {
      tree.write(`libs/${library}/tsconfig.lib.json`, '{}');
    }
    tree.write(
      'libs/features/administration/tsconfig.lib.json',
      JSON.stringify({ references: [{ path: '../../nav/tsconfig.lib.json' }] }),
    );

    await generateMappingsScreen(tree, 'stores');

    expect(
      JSON.parse(read(tree, 'libs/features/administration/tsconfig.lib.json'))
        .references,
    ).toEqual([
      { path: '../../nav/tsconfig.lib.json' },
      { path: '../../ui/tsconfig.lib.json' },
      { path: '../../platform/tsconfig.lib.json' },
      { path: '../../tenancy/tsconfig.lib.json' },
      { path: '../../api-client/tsconfig.lib.json' },
    ]);
  });

  it('warns when the route opens for more people than the entry answers', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await endpointGenerator(tree, {
      name: 'exampleSecrets',
      resource: 'example-things',
      path: '/api/example-secrets',
      audience: 'super-admin',
      skipFormat: true,
    });

    await screenGenerator(tree, { ...OPTIONS, endpoint: 'exampleSecrets' });

    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        '/regional-summary opens for "admins" but "exampleSecrets" answers only "super-admin"',
      ),
    );
  });

  it('accepts the library by its project name too', async () => {
    await screenGenerator(tree, { ...OPTIONS, library: 'feature-analytics' });
    expect(tree.exists(SCREEN)).toBe(true);
  });
});
