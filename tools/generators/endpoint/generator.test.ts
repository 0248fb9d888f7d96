import type { Tree } from '@nx/devkit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTRACT_INDEX,
  contractExports,
  ENDPOINTS_FILE,
  readEntries,
  TABLE_MARKER,
} from '../source/contract';
import {
  EXAMPLE_THING_READ,
  EXAMPLE_THINGS_LIST,
} from '../testing/example-things';
import {
  expectChanges,
  expectRefusal,
  expectToContainEach,
  generatedBeforeEach,
  itRefusesEach,
} from '../testing/tree-expectations';
import {
  changesSince,
  read,
  snapshot,
  syntaxErrors,
  treeWithWorkspaceSources,
} from '../testing/workspace-tree';
import { endpointGenerator, REFERENCE_API_FILE } from './generator';
import type { EndpointGeneratorSchema } from './schema';

// The resource's table module: its schemas, then its table.
const TABLE = 'libs/api-client/src/contract/example-things-endpoints.ts';
const SCHEMAS = TABLE;
const ROUTES = 'apps/api/src/example-things/example-things-routes.ts';
const TEST = 'apps/api/src/example-things/example-things-routes.test.ts';

/** The text of a handler in a routes file, from its name to the next handler or the end. */
function handler(text: string, name: string): string {
  const start = text.indexOf(`async ${name}(`);
  expect(start, `handler ${name}`).toBeGreaterThan(-1);
  const next = text.indexOf('\n  async ', start + 1);
  return text.slice(start, next < 0 ? undefined : next);
}

describe('endpointGenerator', () => {
  let tree: Tree;

  beforeEach(() => {
    tree = treeWithWorkspaceSources();
  });

  describe('a scoped list of a new resource', () => {
    const before = generatedBeforeEach(
      () => tree,
      (tree) => endpointGenerator(tree, EXAMPLE_THINGS_LIST),
    );

    it('writes the contract (the table module, its spread and re-export), the routes, their registration and a test, and nothing else', () => {
      expectChanges(tree, before(), [
        `CREATE ${TEST}`,
        `CREATE ${ROUTES}`,
        `UPDATE ${REFERENCE_API_FILE}`,
        `UPDATE ${ENDPOINTS_FILE}`,
        `CREATE ${TABLE}`,
      ]);
    });

    it('declares a list query with the member, search, sort and page, and a page answer stating its scope', () => {
      const schemas = read(tree, SCHEMAS);
      expect(schemas).toContain(
        "import { AnsweredScopeSchema, MemberIdQuery, pageQuery } from './data-schemas';",
      );
      expect(schemas).toContain(
        "export const EXAMPLE_THING_SORTS = ['name', '-name'] as const;",
      );
      const query = schemas.slice(
        schemas.indexOf('export const ExampleThingsQuerySchema'),
      );
      expectToContainEach(query, [
        'member_id: MemberIdQuery,',
        'search: searchQuery(MAX_EXAMPLE_THINGS_SEARCH_LENGTH),',
        "sort: v.optional(oneOf(EXAMPLE_THING_SORTS, 'sort')),",
        '...pageQuery(MAX_EXAMPLE_THINGS_PAGE_SIZE),',
      ]);
      const page = schemas.slice(
        schemas.indexOf('export const ExampleThingsPageSchema'),
      );
      expectToContainEach(page, [
        '= answerSchema({',
        'scope: AnsweredScopeSchema,',
        'example_things: v.array(ExampleThingSchema),',
        '...pageEntries,',
      ]);
      expect(schemas).toContain(
        "import { answerSchema, IdSchema, oneOf, pageEntries, searchQuery } from './common-schemas';",
      );
      // The file's comment first, then the schemas, then the table.
      expect(schemas.indexOf('resource of the API contract')).toBeLessThan(
        schemas.indexOf('export const EXAMPLE_THING_SORTS'),
      );
    });

    it('adds the entry to a table module of its own, scoped and for dashboard users, with its schemas imported', () => {
      const table = read(tree, TABLE);
      expect(table).toContain(
        "import { named, type Endpoint } from './endpoint';",
      );
      expect(table).toContain(
        'export const exampleThingsEndpoints = /* @__PURE__ */ named({\n  exampleThings: {',
      );
      expect(table).toContain(`  exampleThings: {
    method: 'GET',
    path: '/api/example-things',
    summary: 'One page of the example things in scope, searched and sorted',
    resource: 'example-things',
    query: ExampleThingsQuerySchema,
    response: ExampleThingsPageSchema,
    auth: 'session',
    audience: 'everyone',
    scoped: true,
  },
${TABLE_MARKER}`);
      expect(
        table.indexOf('export const ExampleThingsPageSchema'),
      ).toBeLessThan(table.indexOf('export const exampleThingsEndpoints'));
      expect(readEntries(tree).at(-1)).toMatchObject({
        name: 'exampleThings',
        table: 'exampleThingsEndpoints',
        file: TABLE,
        scoped: true,
        audience: 'everyone',
      });
    });

    it('spreads the new table into the endpoints aggregate, with its import', () => {
      const aggregate = read(tree, ENDPOINTS_FILE);
      expect(aggregate).toContain(
        "import { exampleThingsEndpoints } from './example-things-endpoints';",
      );
      expect(aggregate).toMatch(
        /\n\s*\.\.\.exampleThingsEndpoints,?\n\} as const;/,
      );
    });

    it('exports the table, its schemas and their types from the contract through the aggregate', () => {
      expect(read(tree, ENDPOINTS_FILE)).toContain(
        "export * from './example-things-endpoints';",
      );
      expect(read(tree, CONTRACT_INDEX)).toContain(
        "export * from './endpoints';",
      );
      for (const name of [
        'exampleThingsEndpoints',
        'EXAMPLE_THING_SORTS',
        'ExampleThingsPageSchema',
      ]) {
        expect(contractExports(tree, name), name).toBe(true);
      }
      expect(read(tree, TABLE)).toContain(
        'export type ExampleThingsPage = v.InferOutput<typeof ExampleThingsPageSchema>;',
      );
    });

    it('writes a handler that answers an empty page in the resolved scope, with its TODO inside its body only', () => {
      const routes = read(tree, ROUTES);
      expect(routes).toContain(
        'export const exampleThingsRoutes = resourceRoutes({',
      );
      expectToContainEach(handler(routes, 'exampleThings'), [
        'const asked = askedPage(query, ',
        '...asked,',
        'scope: await answeredScope(db, scope.memberId),',
        'example_things: rows,',
        '// TODO: read the example things',
      ]);
      expect(routes.split('TODO')).toHaveLength(2);
      // The scope helper is the API's own, not a copy in the file.
      expect(routes).toContain(
        "import { answeredScope } from '../data/answered-scope';",
      );
      expect(routes).toContain("import { askedPage } from '../http/paging';");
      expect(routes).not.toContain('async function answeredScope');
    });

    it('registers the new routes once in the server’s list', () => {
      const api = read(tree, REFERENCE_API_FILE);
      expect(api).toContain(
        "import { exampleThingsRoutes } from './example-things/example-things-routes';",
      );
      expect(api).toMatch(/\n\s*exampleThingsRoutes,?\n\s*\]\) \{/);
    });

    it('tests 200 for a collective admin and a brand user, 401 without a session, the scope and the list limits', () => {
      expectToContainEach(read(tree, TEST), [
        "describeOnEachDatabase('GET /api/example-things'",
        "admin = await server.login('admin@pact.test');",
        "brandUser = await server.login('brand.admin@kiehls.test');",
        'expect((await server.get(URL)).statusCode).toBe(401);',
        'scope: { member_id: 2, member_name: "Kiehl\'s" }',
        '`${URL}?member_id=999999`',
        '`${URL}?page_size=101`',
        "from '../testing/test-server';",
      ]);
    });

    it('appends a second entry of the resource to the same files, without a second registration or helper', async () => {
      await endpointGenerator(tree, {
        name: 'exampleSummary',
        resource: 'example-things',
        path: '/api/example-things/summary',
        scoped: true,
        skipFormat: true,
      });

      const routes = read(tree, ROUTES);
      expect(
        routes.match(
          /import \{ answeredScope \} from '..\/data\/answered-scope';/g,
        ),
      ).toHaveLength(1);
      expect(handler(routes, 'exampleSummary')).toContain(
        'scope: await answeredScope(db, scope.memberId),',
      );
      expect(
        read(tree, REFERENCE_API_FILE).match(/exampleThingsRoutes/g),
      ).toHaveLength(2);
      const schemas = read(tree, SCHEMAS);
      expect(schemas.match(/^import /gm)).toHaveLength(4);
      expect(schemas).toContain(
        'export const ExampleSummarySchema = answerSchema({',
      );
      const aggregate = read(tree, ENDPOINTS_FILE);
      expect(aggregate.match(/exampleThingsEndpoints/g)).toHaveLength(2);
      expect(read(tree, TABLE).match(/named\(/g)).toHaveLength(1);
      expect(
        read(tree, TABLE).match(/^export const ExampleSummarySchema/gm),
      ).toHaveLength(1);
      expect(
        tree.exists(
          'apps/api/src/example-things/example-summary-route.test.ts',
        ),
      ).toBe(true);
      expect(syntaxErrors(tree, ROUTES)).toEqual([]);
    });
  });

  it('adds a handler to the routes file that serves the resource already, registers nothing, and tests beside its test', async () => {
    tree.write(
      'apps/api/src/saved-views/saved-view-routes.test.ts',
      '// the resource’s own tests',
    );
    const before = snapshot(tree);
    await endpointGenerator(tree, {
      name: 'sharedSavedViews',
      resource: 'saved-views',
      path: '/api/saved-views/shared',
      skipFormat: true,
    });

    const routes = 'apps/api/src/saved-views/saved-view-routes.ts';
    expect(changesSince(tree, before)).toContain(`UPDATE ${routes}`);
    expect(changesSince(tree, before)).not.toContain(
      `UPDATE ${REFERENCE_API_FILE}`,
    );
    expect(handler(read(tree, routes), 'sharedSavedViews')).toContain(
      'return {\n      success: true,\n    };',
    );
    expect(syntaxErrors(tree, routes)).toEqual([]);
    expect(
      tree.exists('apps/api/src/saved-views/shared-saved-views-route.test.ts'),
    ).toBe(true);
  });

  it('answers a read of one record by its id with 404 until it is written, and tests the malformed id', async () => {
    await endpointGenerator(tree, EXAMPLE_THING_READ);

    expect(read(tree, SCHEMAS)).toContain(
      "export const ExampleThingParamsSchema = recordIdParams('example thing');",
    );
    expect(handler(read(tree, ROUTES), 'exampleThing')).toContain(
      'return notFound(`There is no example thing ${params.id} in your data scope.`);',
    );
    const test = read(tree, TEST);
    expect(test).toContain('const URL = "/api/example-things/1";');
    expect(test).toContain('toBe(404)');
    expect(test).toContain('server.get("/api/example-things/0", admin)');
  });

  it('expects 403 for the brand user when only collective admins may call it', async () => {
    await endpointGenerator(tree, {
      ...EXAMPLE_THINGS_LIST,
      audience: 'collective-admins',
    });
    expect(read(tree, TEST)).toContain("it('refuses a brand user with 403'");
    expect(read(tree, TABLE)).toContain("audience: 'collective-admins',");
  });

  it('keeps an unscoped entry out of the data scope: no member_id, no scope, signed-in users, said explicitly', async () => {
    await endpointGenerator(tree, { ...EXAMPLE_THINGS_LIST, scoped: false });
    const schemas = read(tree, SCHEMAS);
    expect(schemas).not.toContain('member_id');
    expect(schemas).not.toContain('AnsweredScopeSchema');
    const table = read(tree, TABLE);
    const entry = table.slice(table.indexOf('  exampleThings: {'));
    expect(entry).not.toContain('scoped');
    expect(entry).toContain("audience: 'signed-in',");
    expect(read(tree, ROUTES)).not.toContain('answeredScope');
  });

  itRefusesEach<EndpointGeneratorSchema>(
    [
      [{ name: 'ExampleThings' }, /is not camelCase/],
      [{ name: 'stores' }, /already has an entry "stores"/],
      [
        { name: 'savedView', list: false, scoped: false },
        /already declares SavedViewSchema/,
      ],
      [{ resource: 'ExampleThings' }, /is not kebab-case/],
      [{ method: 'POST' }, /makes reads \(GET\) only.*0067/],
      [{ path: 'api/things' }, /is not a path of the API/],
      [{ path: '/api/Things' }, /is not a path of the API/],
      [{ path: '/api/stores' }, /already the route of "stores"/],
      [{ path: '/api/stores/:storeId' }, /already the route of "store"/],
      [
        { audience: 'signed-in' },
        /only users with a dashboard have a data scope/,
      ],
      [{ audience: 'staff' }, /not an audience of the contract/],
    ],
    () => tree,
    (tree, change) =>
      endpointGenerator(tree, { ...EXAMPLE_THINGS_LIST, ...change }),
  );

  it('says which line to put back when the resource’s table has lost its closing line', async () => {
    await endpointGenerator(tree, EXAMPLE_THINGS_LIST);
    tree.write(TABLE, read(tree, TABLE).replace(TABLE_MARKER, '} as const);'));
    await expect(
      endpointGenerator(tree, {
        ...EXAMPLE_THINGS_LIST,
        name: 'exampleSummary',
        path: '/api/example-things/summary',
        list: false,
      }),
    ).rejects.toThrow(`has lost the line "${TABLE_MARKER}"`);
  });

  it('reads the entries of every table the aggregate spreads, each with its table', () => {
    const entries = readEntries(tree);
    expect(entries.find((entry) => entry.name === 'login')).toMatchObject({
      table: 'shellEndpoints',
      file: 'libs/api-client/src/contract/shell-endpoints.ts',
    });
    expect(
      entries.find((entry) => entry.name === 'updateSavedView'),
    ).toMatchObject({
      table: 'recordEndpoints',
      file: 'libs/api-client/src/contract/record-endpoints.ts',
    });
  });

  it('refuses a table module the aggregate does not spread', async () => {
    tree.write(
      TABLE,
      "import { named, type Endpoint } from './endpoint';\nexport const exampleThingsEndpoints = named({\n} as const satisfies Record<string, Endpoint>);\n",
    );
    await expectRefusal(
      tree,
      () => endpointGenerator(tree, EXAMPLE_THINGS_LIST),
      /does not spread its table/,
    );
  });
});
