import { formatFiles, logger, names, updateJson, type Tree } from '@nx/devkit';
import { posix } from 'node:path';
import * as ts from 'typescript';
import { FEATURES_DIRECTORY, screenNames } from '../feature-library/generator';
import { AUDIENCES, readEntries } from '../source/contract';
import {
  addImports,
  appendElement,
  assignments,
  constInitializer,
  declaredNames,
  parseSource,
  propertyName,
  readRequired,
  unwrap,
} from '../source/typescript-source';
import { analyzeEntry } from './analysis';
import { hookCode, screenCode, testCode, type ScreenPlan } from './code';
import type { ScreenGeneratorSchema } from './schema';

/** The route table of the dashboard. */
export const ROUTES_FILE = 'libs/nav/src/routes.ts';

const ROUTE_PATH = /^\/[a-z0-9-]+(?:\/(?:[a-z0-9-]+|:[a-z][a-zA-Z0-9]*))*$/;

/** A route of the table, as written in its source. */
export interface RouteSource {
  path: string;
  title?: string;
  audience?: string;
  redirectTo?: string;
}

/** Every route object of the route table (`{ path: '/…', … }`). */
export function readRoutes(tree: Tree): RouteSource[] {
  const text = readRequired(tree, ROUTES_FILE, 'to find the route');
  const source = parseSource(ROUTES_FILE, text);
  const routes: RouteSource[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const fields = assignments(node);
      const text = (key: string) => {
        const value = fields.get(key);
        return value && ts.isStringLiteralLike(unwrap(value))
          ? (unwrap(value) as ts.StringLiteralLike).text
          : undefined;
      };
      const path = text('path');
      if (path !== undefined && path.startsWith('/')) {
        const title = text('title');
        const audience = text('audience');
        const redirectTo = text('redirectTo');
        routes.push({
          path,
          ...(title !== undefined ? { title } : {}),
          ...(audience !== undefined ? { audience } : {}),
          // A redirect to a constant (`HOME_PATH`) is a redirect too.
          ...(redirectTo !== undefined || fields.has('redirectTo')
            ? { redirectTo: redirectTo ?? '(constant)' }
            : {}),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return routes;
}

/** The `screens` map of a feature library's index: path → the module its loader imports. */
export function readScreens(
  path: string,
  text: string,
): {
  literal: ts.ObjectLiteralExpression;
  source: ts.SourceFile;
  loaders: Map<string, { module?: string; node: ts.PropertyAssignment }>;
} {
  const source = parseSource(path, text);
  const literal = constInitializer(source, 'screens');
  if (!literal || !ts.isObjectLiteralExpression(literal)) {
    throw new Error(
      `${path} no longer exports \`const screens: ScreenMap = { … }\`; the generator adds the screen's loader there.`,
    );
  }
  const loaders = new Map<
    string,
    { module?: string; node: ts.PropertyAssignment }
  >();
  for (const property of literal.properties) {
    const key = propertyName(property);
    if (key === undefined || !ts.isPropertyAssignment(property)) continue;
    let module: string | undefined;
    const find = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        module = node.arguments[0].text;
      }
      ts.forEachChild(node, find);
    };
    find(property.initializer);
    loaders.set(key, { ...(module ? { module } : {}), node: property });
  }
  return { literal, source, loaders };
}

/** The feature library a `--library` names: `analytics` or `feature-analytics`. */
function libraryRoot(tree: Tree, library: string): string {
  const name = library.trim().replace(/^feature-/, '');
  const root = `${FEATURES_DIRECTORY}/${name}`;
  if (!name || !tree.exists(`${root}/src/index.ts`)) {
    const known = tree.exists(FEATURES_DIRECTORY)
      ? tree
          .children(FEATURES_DIRECTORY)
          .filter((child) =>
            tree.exists(`${FEATURES_DIRECTORY}/${child}/src/index.ts`),
          )
      : [];
    throw new Error(
      `There is no feature library "${library}" (${root}/src/index.ts). Give one of ${known.join(', ') || '(none)'}, or make one with \`nx g @collective/tools:feature-library\`.`,
    );
  }
  return root;
}

/** Where a module a loader imports lives: `./screens/x` → `<root>/src/screens/x.tsx`. */
function moduleFile(
  tree: Tree,
  root: string,
  module: string,
): string | undefined {
  const base = posix.join(root, 'src', module);
  return ['.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((ending) => `${base}${ending}`)
    .find((path) => tree.exists(path));
}

/** Whether a screen module is the generated placeholder (framed, saying its content is pending). */
function isPlaceholder(text: string): boolean {
  return (
    text.includes('<PendingContent />') &&
    !/\buse[A-Z]\w*\(/.test(text) &&
    text.split('\n').length < 30
  );
}

/** Width of an audience: how far along the contract's list (widest first) it is. */
const narrowness = (audience: string) =>
  (AUDIENCES as readonly string[]).indexOf(audience);

/**
 * Checks the options against the route table, the contract and the
 * feature libraries, and plans the screen. Throws an error that says how to
 * fix the command.
 */
export function planScreen(
  tree: Tree,
  options: ScreenGeneratorSchema,
): { plan: ScreenPlan; root: string; screenPath: string; replaces?: string } {
  const path = (options.path ?? '').trim();
  if (!ROUTE_PATH.test(path)) {
    throw new Error(
      `"${path}" is not a route path such as /regional-summary or /consumer-mailback/submissions/:id.`,
    );
  }
  const route = readRoutes(tree).find((candidate) => candidate.path === path);
  if (!route) {
    throw new Error(
      `${path} is not in the route table. Add its entry (path, title, audience, and its menu place) to ${ROUTES_FILE} first, then run the generator again.`,
    );
  }
  if (route.redirectTo !== undefined || !route.title) {
    throw new Error(
      `${path} ${route.redirectTo !== undefined ? 'redirects' : 'has no title'} in ${ROUTES_FILE}, so it has no screen of its own; give it a title and no redirectTo first.`,
    );
  }
  const root = libraryRoot(tree, options.library ?? '');

  const entries = readEntries(tree);
  const entry = entries.find(
    (candidate) => candidate.name === options.endpoint,
  );
  if (!entry) {
    throw new Error(
      `The contract has no entry "${options.endpoint}". Give one of its reads (${entries
        .filter((candidate) => candidate.method === 'GET')
        .map((candidate) => candidate.name)
        .join(', ')}), or add it with \`nx g @collective/tools:endpoint\`.`,
    );
  }
  if (entry.method !== 'GET') {
    throw new Error(
      `"${entry.name}" is a ${entry.method}, a write; a screen is generated over a read (GET). Use useScopedMutation(${entry.table}.${entry.name}) in a screen by hand.`,
    );
  }
  const routeParams = new Set(
    [...path.matchAll(/:([a-z][a-zA-Z0-9]*)/g)].map((match) => match[1]),
  );
  const shape = analyzeEntry(tree, entry);
  const missing = shape.params.filter((param) => !routeParams.has(param));
  if (missing.length > 0) {
    throw new Error(
      `"${entry.name}" (${entry.path}) needs ${missing.map((param) => `:${param}`).join(', ')}, which ${path} does not have; choose a route with ${missing.length === 1 ? 'that parameter' : 'those parameters'}.`,
    );
  }
  if (
    route.audience &&
    narrowness(entry.audience) > narrowness(route.audience)
  ) {
    logger.warn(
      `${path} opens for "${route.audience}" but "${entry.name}" answers only "${entry.audience}": some who open the screen will see a 403.`,
    );
  }

  // The route has one screen: another library's is a conflict; this library's placeholder is replaced.
  const indexPath = `${root}/src/index.ts`;
  let replaces: string | undefined;
  for (const library of tree.children(FEATURES_DIRECTORY)) {
    const other = `${FEATURES_DIRECTORY}/${library}/src/index.ts`;
    if (!tree.exists(other)) continue;
    const { loaders } = readScreens(other, tree.read(other, 'utf-8') ?? '');
    const loader = loaders.get(path);
    if (!loader) continue;
    if (other !== indexPath) {
      throw new Error(
        `${path} is a screen of feature-${library} already (${other}); a route has one screen. Generate it there (--library=${library}), or remove it from that map first.`,
      );
    }
    const file = loader.module
      ? moduleFile(tree, root, loader.module)
      : undefined;
    if (!file || !isPlaceholder(tree.read(file, 'utf-8') ?? '')) {
      throw new Error(
        `${path} already has a screen with content in ${file ?? indexPath}; the generator replaces only a placeholder. Remove its loader from the screens map first if you mean to start again.`,
      );
    }
    replaces = file;
  }

  const screen = screenNames(path);
  const { className, fileName } = names(entry.name);
  // Over a placeholder the screen takes its file, so the screens map stays as it is.
  const screenPath =
    replaces ??
    `${root}/src/screens/${screen.file.replace(/-screen$/, '')}/${screen.file}.tsx`;
  const dataImport = posix.relative(
    posix.dirname(screenPath),
    `${root}/src/data/${fileName}`,
  );
  return {
    root,
    screenPath,
    ...(replaces ? { replaces } : {}),
    plan: {
      path,
      url: path.replace(/:[^/]+/g, '42'),
      component: screen.component,
      file: posix.basename(screenPath).replace(/\.tsx?$/, ''),
      entry,
      shape,
      hook: `use${className}`,
      view: `${className}View`,
      dataModule: fileName,
      dataImport: dataImport.startsWith('.') ? dataImport : `./${dataImport}`,
      words: fileName.replace(/-/g, ' '),
      itemWords: singularWords(fileName.replace(/-/g, ' ')),
    },
  };
}

function singularWords(text: string): string {
  if (/ies$/.test(text)) return text.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x)es$/.test(text)) return text.replace(/es$/, '');
  if (/[^s]s$/.test(text)) return text.slice(0, -1);
  return text;
}

/** Adds the hook to the feature's `src/data/<module>.ts`, creating it when new. */
function writeHook(tree: Tree, root: string, plan: ScreenPlan): string {
  const path = `${root}/src/data/${plan.dataModule}.ts`;
  const { imports, code } = hookCode(plan);
  let text = tree.read(path, 'utf-8') ?? '';
  if (text && declaredNames(parseSource(path, text)).has(plan.hook)) {
    throw new Error(
      `${path} already declares ${plan.hook}; use it in the screen, or remove it first.`,
    );
  }
  for (const { module, names: items } of imports) {
    text = addImports(path, text, module, items);
  }
  tree.write(path, `${text.replace(/\n*$/, '\n\n')}${code}`);
  return path;
}

/** Adds the new screen's loader to the library's screens map (a route without a placeholder). */
function writeLoader(
  tree: Tree,
  root: string,
  plan: ScreenPlan,
  screenPath: string,
): void {
  const path = `${root}/src/index.ts`;
  const text = readRequired(tree, path, 'to add the screen');
  const { literal, source } = readScreens(path, text);
  const module = posix
    .relative(`${root}/src`, screenPath)
    .replace(/\.tsx?$/, '');
  const loader = `() => import('./${module}')`;
  tree.write(
    path,
    appendElement(text, source, literal, `  '${plan.path}': ${loader}`),
  );
}

/** The libraries the generated screen, hook and test import (`@collective/<lib>`). */
export const SCREEN_LIBRARIES = [
  'ui',
  'platform',
  'nav',
  'tenancy',
  'api-client',
];

/**
 * Adds the project references `nx sync` would add for the libraries the
 * new files import to the feature's tsconfig.lib.json, so the workspace is
 * in sync right after generation (CI refuses tasks on an out-of-sync one).
 */
function addReferences(tree: Tree, root: string): void {
  const tsconfig = `${root}/tsconfig.lib.json`;
  if (!tree.exists(tsconfig)) return;
  updateJson(tree, tsconfig, (json) => {
    const references: { path: string }[] = json.references ?? [];
    for (const library of SCREEN_LIBRARIES) {
      const target = `libs/${library}/tsconfig.lib.json`;
      if (!tree.exists(target)) continue;
      const path = posix.relative(root, target);
      if (!references.some((reference) => reference.path === path)) {
        references.push({ path });
      }
    }
    return { ...json, references };
  });
}

/**
 * `nx g @collective/tools:screen <path> --library=<feature> --endpoint=<entry>`:
 * the screen of a route of the route table, over one read of the contract —
 * its data hook over `useScopedQuery` in the feature's `src/data/`, the
 * screen (framed; a `DataTable` with search, sort and pages in the URL for
 * a list, the answer's values otherwise) written over the route's
 * placeholder, whose loader the `screens` map has already (or, for a route
 * with none, in `src/screens/<name>/` with a new loader), and its test
 * beside it against an answer of the contract's type.
 */
export async function screenGenerator(
  tree: Tree,
  options: ScreenGeneratorSchema,
): Promise<void> {
  const { plan, root, screenPath, replaces } = planScreen(tree, options);
  const testPath = screenPath.replace(/\.tsx?$/, '.test.tsx');
  for (const path of [screenPath, testPath]) {
    if (tree.exists(path) && path !== replaces) {
      throw new Error(`${path} exists already; move it away first.`);
    }
  }
  writeHook(tree, root, plan);
  tree.write(screenPath, screenCode(plan));
  tree.write(testPath, testCode(plan));
  if (!replaces) writeLoader(tree, root, plan, screenPath);
  addReferences(tree, root);
  if (!options.skipFormat) await formatFiles(tree);
}

export default screenGenerator;
