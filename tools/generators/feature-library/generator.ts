import {
  formatFiles,
  generateFiles,
  getProjects,
  installPackagesTask,
  joinPathFragments,
  names,
  updateJson,
  type GeneratorCallback,
  type Tree,
} from '@nx/devkit';
import { join, relative } from 'node:path';
import type { FeatureLibraryGeneratorSchema } from './schema';

/** Where feature libraries live, one folder per nav domain (see architecture.md). */
export const FEATURES_DIRECTORY = 'libs/features';

/** Tags every feature library carries; the `layer:feature` tag is what the module-boundary rule checks. */
export const FEATURE_TAGS = [
  'type:feature',
  'scope:dashboard',
  'platform:react',
  'layer:feature',
] as const;

/** The tsconfig of the project that holds the shared Vite config every library imports. */
const TOOLS_TSCONFIG = 'tools/tsconfig.lib.json';

const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The values the templates under files/ are rendered with. */
export interface FeatureLibraryNames {
  /** The kebab-case name given on the command line, also the screen key. */
  name: string;
  /** The Nx project name, `feature-<name>`. */
  projectName: string;
  /** The npm package name, `@collective/feature-<name>`. */
  packageName: string;
  /** The library's folder relative to the workspace root. */
  projectRoot: string;
  /** The screens to create, one per route path given. */
  screens: ScreenNames[];
  /** The import name of the library's screens in the app's registry, e.g. `membersStores`. */
  registryName: string;
}

/** Names of one generated screen. */
export interface ScreenNames {
  /** The route table path it shows, e.g. `/consumer-mailback/submissions/:id`. */
  path: string;
  /** Its file name without extension, e.g. `consumer-mailback-submissions-detail-screen`. */
  file: string;
  /** Its component name, e.g. `ConsumerMailbackSubmissionsDetailScreen`. */
  component: string;
}

/** Where the dashboard joins the feature libraries' screens with the route table. */
export const REGISTRY_FILE = 'apps/dashboard/src/app/screens.ts';
/** The line of {@link REGISTRY_FILE} above which a new library's screens are listed. */
export const REGISTRY_MARKER =
  '// New feature libraries are added above this line.';

const ROUTE_PATH = /^\/[a-z0-9-]+(?:\/(?:[a-z0-9-]+|:[a-z][a-zA-Z0-9]*))*$/;

/** The names of the screen of one route path. */
export function screenNames(path: string): ScreenNames {
  const slug = path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? 'detail' : segment))
    .join('-');
  return {
    path,
    file: `${slug}-screen`,
    component: `${names(slug).className}Screen`,
  };
}

/**
 * Checks the options and derives every name the library needs. Throws an
 * error that says how to fix the command when the name is not kebab-case or a
 * library of that name already exists.
 */
export function normalizeOptions(
  tree: Tree,
  options: FeatureLibraryGeneratorSchema,
): FeatureLibraryNames {
  const name = (options.name ?? '').trim();
  if (!KEBAB_CASE.test(name)) {
    throw new Error(
      `The feature name "${name}" is not kebab-case. Use lowercase letters, digits and single hyphens, starting with a letter, for example "members-stores".`,
    );
  }
  const projectName = `feature-${name}`;
  const projectRoot = joinPathFragments(FEATURES_DIRECTORY, name);
  if (tree.exists(projectRoot)) {
    throw new Error(
      `${projectRoot} already exists. Choose another name, or delete that folder first if it is a leftover.`,
    );
  }
  if (getProjects(tree).has(projectName)) {
    throw new Error(
      `A project named "${projectName}" already exists. Choose another feature name.`,
    );
  }
  const paths = (options.routes ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  if (paths.length === 0) {
    throw new Error(
      'Give the route paths whose screens the library owns, e.g. --routes=/shipment-tracking,/eol-processing; add each path to the route table of libs/nav/src/routes.ts first.',
    );
  }
  for (const path of paths) {
    if (!ROUTE_PATH.test(path)) {
      throw new Error(
        `"${path}" is not a route path such as /store-rankings or /consumer-mailback/submissions/:id.`,
      );
    }
  }
  return {
    name,
    projectName,
    packageName: `@collective/${projectName}`,
    projectRoot,
    screens: paths.map(screenNames),
    registryName: names(name).propertyName,
  };
}

/**
 * Lists the new library's screens in the dashboard's route registry (the
 * import and the entry above {@link REGISTRY_MARKER}) and its package among
 * the dashboard's dependencies, so the routes it owns render at once.
 */
function addToRegistry(tree: Tree, options: FeatureLibraryNames): void {
  const registry = tree.read(REGISTRY_FILE, 'utf-8');
  if (registry === null) return;
  if (!registry.includes(REGISTRY_MARKER)) {
    throw new Error(
      `${REGISTRY_FILE} has lost the line "${REGISTRY_MARKER}"; put it back at the end of the list of feature screens.`,
    );
  }
  const importLine = `import { screens as ${options.registryName} } from '${options.packageName}';\n`;
  const withImport = registry.replace(
    /^(import [^\n]*\n)(?![\s\S]*^import )/m,
    `$1${importLine}`,
  );
  tree.write(
    REGISTRY_FILE,
    withImport.replace(
      REGISTRY_MARKER,
      `${options.registryName},\n  ${REGISTRY_MARKER}`,
    ),
  );
  const appPackage = 'apps/dashboard/package.json';
  if (tree.exists(appPackage)) {
    updateJson(tree, appPackage, (json) => ({
      ...json,
      dependencies: Object.fromEntries(
        Object.entries({
          ...json.dependencies,
          [options.packageName]: '1.0.0',
        }).sort(([a], [b]) => a.localeCompare(b)),
      ),
    }));
  }
}

/**
 * The shared Vite config lives in the `tools` project, so the project graph
 * makes every library depend on it and `nx sync` wants a reference to its
 * tsconfig.lib.json. Adding it now keeps the workspace in sync right after
 * generation (CI refuses to run tasks on an out-of-sync workspace).
 */
function addToolsReference(tree: Tree, projectRoot: string): void {
  if (!tree.exists(TOOLS_TSCONFIG)) return;
  updateJson(
    tree,
    joinPathFragments(projectRoot, 'tsconfig.lib.json'),
    (json) => ({
      ...json,
      references: [
        ...(json.references ?? []),
        { path: relative(projectRoot, TOOLS_TSCONFIG) },
      ],
    }),
  );
}

/** Adds the library to the root tsconfig.json references so `tsc --build` and editors see it at once. */
function addRootReference(tree: Tree, projectRoot: string): void {
  if (!tree.exists('tsconfig.json')) return;
  updateJson(tree, 'tsconfig.json', (json) => {
    const references: { path: string }[] = json.references ?? [];
    const path = `./${projectRoot}`;
    if (!references.some((reference) => reference.path === path)) {
      references.push({ path });
    }
    return { ...json, references };
  });
}

/**
 * `nx g @collective/tools:feature-library <name> --routes=/a,/b`: creates
 * `libs/features/<name>` — package `@collective/feature-<name>` exporting a
 * `screens` map of lazy loaders by route path, one screen per path (framed,
 * titled from the route table, its content pending), a test that renders
 * each, and the tsconfig, Vite and ESLint files every library here has —
 * and adds the library to the dashboard's route registry.
 */
export async function featureLibraryGenerator(
  tree: Tree,
  options: FeatureLibraryGeneratorSchema,
): Promise<GeneratorCallback | undefined> {
  const normalized = normalizeOptions(tree, options);
  generateFiles(tree, join(__dirname, 'files'), normalized.projectRoot, {
    ...normalized,
    tags: FEATURE_TAGS,
    tmpl: '',
  });
  for (const screen of normalized.screens) {
    generateFiles(
      tree,
      join(__dirname, 'screen-files'),
      joinPathFragments(normalized.projectRoot, 'src/screens'),
      { ...screen, tmpl: '' },
    );
  }
  addToRegistry(tree, normalized);
  addToolsReference(tree, normalized.projectRoot);
  addRootReference(tree, normalized.projectRoot);
  if (!options.skipFormat) {
    await formatFiles(tree);
  }
  // npm links the new workspace package into node_modules, so the dashboard can import it.
  return options.skipInstall
    ? undefined
    : () => installPackagesTask(tree, true);
}

export default featureLibraryGenerator;
