import {
  addProjectConfiguration,
  readJson,
  writeJson,
  type Tree,
} from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { read, syntaxErrors } from '../testing/workspace-tree';
import {
  featureLibraryGenerator,
  REGISTRY_FILE,
  REGISTRY_MARKER,
} from './generator';

const root = 'libs/features/members-stores';
const ROUTES = '/member-management, /store-rankings';

describe('featureLibraryGenerator', () => {
  let tree: Tree;

  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
    writeJson(tree, 'tsconfig.json', {
      files: [],
      references: [{ path: './libs/auth' }],
    });
  });

  it('creates a private ESM package named after the feature with the source export condition', async () => {
    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    const pkg = readJson(tree, `${root}/package.json`);
    expect(pkg.name).toBe('@collective/feature-members-stores');
    expect(pkg.private).toBe(true);
    expect(pkg.type).toBe('module');
    expect(pkg.exports['.']['@collective/source']).toBe('./src/index.ts');
    expect(Object.keys(pkg.exports['.'])[0]).toBe('@collective/source');
  });

  it('names the Nx project feature-<name> and tags it as a dashboard React feature layer', async () => {
    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    const { nx } = readJson(tree, `${root}/package.json`);
    expect(nx.name).toBe('feature-members-stores');
    expect([...nx.tags].sort()).toEqual(
      [
        'layer:feature',
        'platform:react',
        'scope:dashboard',
        'type:feature',
      ].sort(),
    );
  });

  it('creates the tsconfig, Vite and ESLint files of a React library with its own out-tsc folders', async () => {
    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    const lib = readJson(tree, `${root}/tsconfig.lib.json`);
    expect(lib.extends).toBe('../../../tsconfig.base.json');
    expect(lib.compilerOptions.outDir).toBe('out-tsc/lib');
    expect(lib.compilerOptions.jsx).toBe('react-jsx');
    expect(lib.compilerOptions.lib).toContain('dom');
    const spec = readJson(tree, `${root}/tsconfig.spec.json`);
    expect(spec.compilerOptions.outDir).toBe('out-tsc/spec');
    expect(readJson(tree, `${root}/tsconfig.json`).references).toEqual([
      { path: './tsconfig.lib.json' },
      { path: './tsconfig.spec.json' },
    ]);

    const vite = read(tree, `${root}/vite.config.mts`);
    expect(vite).toContain(
      "import { libraryConfig } from '../../../tools/vite/project-config.mts'",
    );
    // libraryConfig reads name, entries, React and the test set-up from these.
    expect(vite).toContain('libraryConfig(import.meta.dirname)');
    const pkg = readJson(tree, `${root}/package.json`);
    expect(pkg.name).toBe('@collective/feature-members-stores');
    expect(pkg.exports['.']['@collective/source']).toBe('./src/index.ts');
    expect(pkg.peerDependencies.react).toBeDefined();
    // The shared Vite config gives every jsdom test run its set-up.
    expect(tree.exists(`${root}/src/test-setup.ts`)).toBe(false);

    expect(read(tree, `${root}/eslint.config.mjs`)).toContain(
      "from '../../../eslint.config.mjs'",
    );
  });

  it('exports a screens map whose route paths load their screens with a dynamic import', async () => {
    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    const index = read(tree, `${root}/src/index.ts`);
    expect(index).toContain('export const screens: ScreenMap = {');
    expect(index).toContain(
      "'/member-management': () => import('./screens/member-management-screen')",
    );
    expect(index).toContain(
      "'/store-rankings': () => import('./screens/store-rankings-screen')",
    );
    expect(syntaxErrors(tree, `${root}/src/index.ts`)).toEqual([]);
    expect(syntaxErrors(tree, `${root}/src/index.test.tsx`)).toEqual([]);
  });

  it('creates one default-exported, framed screen per route, and names a parameter segment "detail"', async () => {
    await featureLibraryGenerator(tree, {
      name: 'consumer-mailback',
      routes: '/consumer-mailback/submissions/:id',
      skipFormat: true,
    });

    const screenPath =
      'libs/features/consumer-mailback/src/screens/consumer-mailback-submissions-detail-screen.tsx';
    const component = read(tree, screenPath);
    expect(component).toContain(
      'export default function ConsumerMailbackSubmissionsDetailScreen()',
    );
    expect(component).toContain('<ScreenFrame>');
    expect(component).toContain('<PendingContent />');
    expect(syntaxErrors(tree, screenPath)).toEqual([]);
  });

  it('adds the library to the route registry and the dashboard’s dependencies', async () => {
    tree.write(
      REGISTRY_FILE,
      `import { createRouteRegistry } from '@collective/nav';
import { screens as account } from '@collective/feature-account';

export const FEATURE_SCREENS = [
  account,
  ${REGISTRY_MARKER}
];
`,
    );
    writeJson(tree, 'apps/dashboard/package.json', {
      dependencies: { '@collective/nav': '1.0.0' },
    });

    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    const registry = read(tree, REGISTRY_FILE);
    expect(registry).toContain(
      "import { screens as account } from '@collective/feature-account';\nimport { screens as membersStores } from '@collective/feature-members-stores';",
    );
    expect(registry).toContain(
      `  account,\n  membersStores,\n  ${REGISTRY_MARKER}`,
    );
    expect(readJson(tree, 'apps/dashboard/package.json').dependencies).toEqual({
      '@collective/feature-members-stores': '1.0.0',
      '@collective/nav': '1.0.0',
    });
  });

  it.each(['', ' , ', 'store-rankings', '/Store', '/a/../b', '/x?y'])(
    'rejects the routes %j, saying what to give',
    async (routes) => {
      await expect(
        featureLibraryGenerator(tree, {
          name: 'members-stores',
          routes,
          skipFormat: true,
        }),
      ).rejects.toThrow(/route path|--routes=/);
      expect(tree.exists(root)).toBe(false);
    },
  );

  it('references the tools tsconfig that nx sync expects, because every vite.config imports tools/vite', async () => {
    writeJson(tree, 'tools/tsconfig.lib.json', { compilerOptions: {} });

    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    expect(readJson(tree, `${root}/tsconfig.lib.json`).references).toEqual([
      { path: '../../../tools/tsconfig.lib.json' },
    ]);
  });

  it('adds no tools reference when the workspace has no tools project', async () => {
    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    expect(readJson(tree, `${root}/tsconfig.lib.json`).references).toEqual([]);
  });

  it('adds the library to the root tsconfig references once', async () => {
    await featureLibraryGenerator(tree, {
      name: 'members-stores',
      routes: ROUTES,
      skipFormat: true,
    });

    expect(readJson(tree, 'tsconfig.json').references).toEqual([
      { path: './libs/auth' },
      { path: './libs/features/members-stores' },
    ]);
  });

  it('returns the install task that links the package, unless skipInstall is set', async () => {
    const withInstall = await featureLibraryGenerator(tree, {
      name: 'operations',
      routes: '/eol-processing',
      skipFormat: true,
    });
    const withoutInstall = await featureLibraryGenerator(tree, {
      name: 'analytics',
      routes: '/analytics',
      skipFormat: true,
      skipInstall: true,
    });

    expect(withInstall).toBeTypeOf('function');
    expect(withoutInstall).toBeUndefined();
  });

  it.each([
    'MembersStores',
    'members_stores',
    'members stores',
    '-members',
    'members-',
    'members--stores',
    '1members',
    '',
  ])('rejects the name %j because it is not kebab-case', async (name) => {
    await expect(
      featureLibraryGenerator(tree, { name, routes: ROUTES, skipFormat: true }),
    ).rejects.toThrow(/is not kebab-case.*for example "members-stores"/);
    expect(tree.exists('libs/features')).toBe(false);
  });

  it('refuses to overwrite an existing feature folder', async () => {
    tree.write(`${root}/README.md`, 'someone else was here');

    await expect(
      featureLibraryGenerator(tree, {
        name: 'members-stores',
        routes: ROUTES,
        skipFormat: true,
      }),
    ).rejects.toThrow(`${root} already exists`);
    expect(tree.exists(`${root}/package.json`)).toBe(false);
  });

  it('refuses a name whose project name is already taken elsewhere', async () => {
    addProjectConfiguration(tree, 'feature-analytics', {
      root: 'apps/legacy-analytics',
    });

    await expect(
      featureLibraryGenerator(tree, {
        name: 'analytics',
        routes: '/analytics',
        skipFormat: true,
      }),
    ).rejects.toThrow('A project named "feature-analytics" already exists');
  });
});
