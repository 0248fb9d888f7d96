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
  /** The screen component's name, for example `MembersStoresScreen`. */
  componentName: string;
  /** The screen's heading. */
  title: string;
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
  const title =
    options.title?.trim() ||
    name
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
  return {
    name,
    projectName,
    packageName: `@collective/${projectName}`,
    projectRoot,
    componentName: `${names(name).className}Screen`,
    title,
  };
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
 * `nx g @collective/tools:feature-library <name>`: creates
 * `libs/features/<name>` — package `@collective/feature-<name>` exporting a
 * `screens` record of lazy loaders, a first accessible screen with its test,
 * and the tsconfig, Vite and ESLint files every library here has.
 */
export async function featureLibraryGenerator(
  tree: Tree,
  options: FeatureLibraryGeneratorSchema,
): Promise<GeneratorCallback | undefined> {
  const normalized = normalizeOptions(tree, options);
  generateFiles(tree, join(__dirname, 'files'), normalized.projectRoot, {
    ...normalized,
    // Title as a TypeScript string literal: safe for quotes, braces and `&`.
    titleLiteral: JSON.stringify(normalized.title),
    tags: FEATURE_TAGS,
    tmpl: '',
  });
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
