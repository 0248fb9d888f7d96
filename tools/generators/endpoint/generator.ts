import { formatFiles, names, type Tree } from '@nx/devkit';
import { posix } from 'node:path';
import * as ts from 'typescript';
import {
  AUDIENCES,
  CONTRACT_DIR,
  contractTables,
  endpointsAggregate,
  ENDPOINTS_FILE,
  pathParams,
  readEntries,
  TABLE_MARKER,
  tableFileOf,
  tableNameOf,
  type AudienceWord,
} from '../source/contract';
import {
  addImports,
  appendElement,
  declaredNames,
  filesUnder,
  insertBeforeMarker,
  parseSource,
  propertyName,
  readRequired,
} from '../source/typescript-source';
import {
  entryCode,
  handlerCode,
  routesFileCode,
  schemasCode,
  tableFileCode,
  testCode,
  type HandlerNeeds,
} from './code';
import { contractNames, endpointNames, type EndpointNames } from './names';
import type { EndpointGeneratorSchema } from './schema';

/** The reference server's source. */
export const API_SOURCE = 'apps/api/src';
/** Where the server registers each resource's routes. */
export const REFERENCE_API_FILE = `${API_SOURCE}/reference-api.ts`;

const ENTRY_NAME = /^[a-z][a-zA-Z0-9]*$/;
const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const API_PATH =
  /^\/api(?:\/(?:[a-z0-9]+(?:-[a-z0-9]+)*|:[a-z][a-zA-Z0-9]*))+$/;

/** The options, checked, with their defaults. */
export interface EndpointOptions {
  name: string;
  resource: string;
  path: string;
  params: string[];
  audience: AudienceWord;
  scoped: boolean;
  list: boolean;
  summary?: string;
}

/**
 * Checks the options against the command's rules and the contract as it is,
 * throwing an error that says how to fix the command.
 */
export function normalizeOptions(
  tree: Tree,
  options: EndpointGeneratorSchema,
): EndpointOptions {
  const name = (options.name ?? '').trim();
  if (!ENTRY_NAME.test(name)) {
    throw new Error(
      `The entry name "${name}" is not camelCase. Give the name the contract table will use, starting with a lowercase letter, for example "exampleThings".`,
    );
  }
  const resource = (options.resource ?? '').trim();
  if (!KEBAB_CASE.test(resource)) {
    throw new Error(
      `The resource "${resource}" is not kebab-case. Give the kind of record the call reads, for example --resource=stores or --resource=saved-views.`,
    );
  }
  const method = (options.method ?? 'GET').toUpperCase();
  if (method !== 'GET') {
    throw new Error(
      `--method=${method}: the generator makes reads (GET) only. A write needs its audit change, its version check and, for a create, an idempotency key (docs/decisions/0067), which a stub cannot make up; add its entry and handler by hand, following updateSavedView.`,
    );
  }
  const path = (options.path ?? '').trim();
  if (!API_PATH.test(path)) {
    throw new Error(
      `"${path}" is not a path of the API. Give --path=/api/<kebab-case segments>, with :name for a parameter, for example /api/example-things or /api/stores/:id/shipments.`,
    );
  }
  const params = pathParams(path);
  if (new Set(params).size !== params.length) {
    throw new Error(`${path} names one parameter twice.`);
  }
  const scoped = options.scoped === true;
  const list = options.list === true;
  const audience = (options.audience ??
    (scoped ? 'everyone' : 'signed-in')) as AudienceWord;
  if (!(AUDIENCES as readonly string[]).includes(audience)) {
    throw new Error(
      `--audience=${audience} is not an audience of the contract; use one of ${AUDIENCES.join(', ')}.`,
    );
  }
  if (scoped && audience === 'signed-in') {
    throw new Error(
      '--scoped with --audience=signed-in: only users with a dashboard have a data scope; use --audience=everyone (or narrower).',
    );
  }
  const entries = readEntries(tree);
  const same = entries.find((entry) => entry.name === name);
  if (same) {
    throw new Error(
      `The contract already has an entry "${name}" (${same.table} in ${same.file}). Choose another name.`,
    );
  }
  const shape = (text: string) => text.replace(/:[^/]+/g, ':');
  const twin = entries.find(
    (entry) => entry.method === method && shape(entry.path) === shape(path),
  );
  if (twin) {
    throw new Error(
      `${method} ${twin.path} is already the route of "${twin.name}". Two entries share one route only through \`servedBy\` (see unreadCount); add such an entry by hand, or choose another path.`,
    );
  }
  return {
    name,
    resource,
    path,
    params,
    audience,
    scoped,
    list,
    ...(options.summary ? { summary: options.summary } : {}),
  };
}

/** Fails when a name the entry adds to the contract is taken already. */
function checkContractNames(tree: Tree, n: EndpointNames): void {
  const taken = new Set<string>();
  for (const path of filesUnder(
    tree,
    CONTRACT_DIR,
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  )) {
    for (const name of declaredNames(
      parseSource(path, tree.read(path, 'utf-8') ?? ''),
    ))
      taken.add(name);
  }
  const { values, types } = contractNames(n);
  const table = tableNameOf(n.resource);
  const tableFile = tableFileOf(n.resource);
  const tableIsNew = !tree.exists(tableFile);
  if (
    !tableIsNew &&
    !contractTables(tree).some(
      (spread) => spread.path === tableFile && spread.name === table,
    )
  ) {
    throw new Error(
      `${tableFile} exists but ${ENDPOINTS_FILE} does not spread its table ${table}; add \`...${table}\` to \`endpoints\` there, or move the file away.`,
    );
  }
  const clash = [...values, ...types, ...(tableIsNew ? [table] : [])].filter(
    (name) => taken.has(name),
  );
  if (clash.length > 0) {
    throw new Error(
      `The contract already declares ${clash.join(', ')}; the entry "${n.name}" would declare ${clash.length === 1 ? 'it' : 'them'} again. Choose another entry name.`,
    );
  }
}

/**
 * Adds the entry to its resource's table module (`<resource>-endpoints.ts`):
 * its schemas above the table, the entry in it. A new module is created,
 * spread into the `endpoints` aggregate and re-exported from it, so the
 * contract exports the table, its schemas and their types with no other
 * edit.
 */
function writeEntry(tree: Tree, n: EndpointNames): void {
  const path = tableFileOf(n.resource);
  const tableName = tableNameOf(n.resource);
  const isNew = !tree.exists(path);
  let text = isNew
    ? tableFileCode(n.resource, tableName)
    : readRequired(tree, path, 'to add the entry');
  const { imports, code } = schemasCode(n);
  if (!/^import \* as v from 'valibot';$/m.test(text)) {
    text = `import * as v from 'valibot';\n${text}`;
  }
  for (const [module, items] of Object.entries(imports)) {
    if (items.length > 0) text = addImports(path, text, module, items);
  }
  const table = parseSource(path, text).statements.find(
    (statement) =>
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some(
        (declaration) =>
          ts.isIdentifier(declaration.name) &&
          declaration.name.text === tableName,
      ),
  );
  if (!table) {
    throw new Error(
      `${path} no longer declares \`export const ${tableName} = named({ … })\`; put it back, or move the file away.`,
    );
  }
  // Above the table's doc comment; the file's own comment stays on top.
  const at = table.getStart(undefined, true);
  text = `${text.slice(0, at).replace(/\n*$/, '\n\n')}${code}\n${text.slice(at)}`;
  tree.write(path, insertBeforeMarker(path, text, TABLE_MARKER, entryCode(n)));
  if (isNew) spreadTable(tree, n.resource, tableName);
}

/** Adds `...<table>` (and its import) to the `endpoints` aggregate, and re-exports its module. */
function spreadTable(tree: Tree, resource: string, tableName: string): void {
  const module = `./${resource}-endpoints`;
  let text = readRequired(tree, ENDPOINTS_FILE, 'to add the table');
  text = addImports(ENDPOINTS_FILE, text, module, [{ name: tableName }]);
  const declarations = parseSource(ENDPOINTS_FILE, text).statements.filter(
    (statement) =>
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement),
  );
  const at = declarations.at(-1)?.getEnd() ?? 0;
  text = `${text.slice(0, at)}\nexport * from '${module}';${text.slice(at)}`;
  tree.write(ENDPOINTS_FILE, text);
  const { source, table } = endpointsAggregate(tree);
  tree.write(
    ENDPOINTS_FILE,
    appendElement(text, source, table, `  ...${tableName}`),
  );
}

/** The `resourceRoutes({ … })` object of a routes file, if it has one. */
function routesObject(source: ts.SourceFile):
  | {
      literal: ts.ObjectLiteralExpression;
      statement: ts.Statement;
      exportName: string;
    }
  | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (
        init &&
        ts.isCallExpression(init) &&
        ts.isIdentifier(init.expression) &&
        init.expression.text === 'resourceRoutes' &&
        init.arguments[0] &&
        ts.isObjectLiteralExpression(init.arguments[0]) &&
        ts.isIdentifier(declaration.name)
      ) {
        return {
          literal: init.arguments[0],
          statement,
          exportName: declaration.name.text,
        };
      }
    }
  }
  return undefined;
}

/** Where the handler goes: the routes file serving the resource's other entries, or a new one. */
export function routesFileOf(
  tree: Tree,
  resource: string,
): { path: string; isNew: boolean; exportName: string } {
  const sameResource = new Set(
    readEntries(tree)
      .filter((entry) => entry.resource === resource)
      .map((entry) => entry.name),
  );
  const files = filesUnder(tree, API_SOURCE, (path) =>
    path.endsWith('-routes.ts'),
  );
  for (const path of files) {
    const source = parseSource(path, tree.read(path, 'utf-8') ?? '');
    const routes = routesObject(source);
    if (
      routes?.literal.properties.some((property) =>
        sameResource.has(propertyName(property) ?? ''),
      )
    ) {
      return { path, isNew: false, exportName: routes.exportName };
    }
  }
  const path = `${API_SOURCE}/${resource}/${resource}-routes.ts`;
  const exportName = `${names(resource).propertyName}Routes`;
  if (tree.exists(path)) {
    const routes = routesObject(
      parseSource(path, tree.read(path, 'utf-8') ?? ''),
    );
    if (!routes) {
      throw new Error(
        `${path} exists but declares no \`resourceRoutes({ … })\`; add the handler there by hand, or move the file away.`,
      );
    }
    return { path, isNew: false, exportName: routes.exportName };
  }
  return { path, isNew: true, exportName };
}

/** Adds what a handler needs to its routes file: imports (the scope helper's among them) and constants. */
function addNeeds(path: string, text: string, needs: HandlerNeeds): string {
  const contract = '@collective/api-client/contract';
  let next = text;
  if (needs.contract.length > 0)
    next = addImports(path, next, contract, needs.contract);
  const declared = declaredNames(parseSource(path, next));
  if (needs.answeredScope && !declared.has('answeredScope')) {
    next = addImports(path, next, '../data/answered-scope', [
      { name: 'answeredScope' },
    ]);
  }
  if (needs.notFound) {
    next = addImports(path, next, '../http/error-replies', [
      { name: 'notFound' },
    ]);
  }
  if (needs.askedPage) {
    next = addImports(path, next, '../http/paging', [{ name: 'askedPage' }]);
  }
  const constants = needs.constants.filter(
    (constant) => !declared.has(constant.name),
  );
  if (constants.length > 0) {
    const source = parseSource(path, next);
    const lastImport = source.statements.filter(ts.isImportDeclaration).at(-1);
    const at = lastImport ? lastImport.getEnd() : 0;
    const code = constants
      .map((c) => `\n\n/** ${c.doc} */\nconst ${c.name} = ${c.value};`)
      .join('');
    next = `${next.slice(0, at)}${code}${next.slice(at)}`;
  }
  return next;
}

/** Writes the handler stub into its resource's routes file; says whether the file is new. */
function writeHandler(
  tree: Tree,
  n: EndpointNames,
): { path: string; isNew: boolean; exportName: string } {
  const target = routesFileOf(tree, n.resource);
  const { code, needs } = handlerCode(n);
  let text = target.isNew
    ? routesFileCode(n, target.exportName, '')
    : readRequired(tree, target.path, 'to add the handler');
  text = addNeeds(target.path, text, needs);
  const source = parseSource(target.path, text);
  const routes = routesObject(source);
  if (!routes)
    throw new Error(`${target.path} lost its resourceRoutes({ … }).`);
  text = appendElement(text, source, routes.literal, code.replace(/,\n$/, ''));
  tree.write(target.path, text);
  return target;
}

/** Registers a new resource's routes in the server's list in reference-api.ts. */
function registerRoutes(
  tree: Tree,
  routesPath: string,
  exportName: string,
): void {
  let text = readRequired(
    tree,
    REFERENCE_API_FILE,
    'to register the new routes',
  );
  const from = `./${posix.relative(API_SOURCE, routesPath).replace(/\.ts$/, '')}`;
  text = addImports(REFERENCE_API_FILE, text, from, [{ name: exportName }]);
  const source = parseSource(REFERENCE_API_FILE, text);
  let list: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (list) return;
    if (
      ts.isForOfStatement(node) &&
      ts.isArrayLiteralExpression(node.expression) &&
      node.expression.elements.some(
        (element) =>
          ts.isIdentifier(element) && element.text.endsWith('Routes'),
      )
    ) {
      list = node.expression;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!list) {
    throw new Error(
      `${REFERENCE_API_FILE} no longer registers the resources in a \`for (const resource of [memberRoutes, …])\` loop; register ${exportName} there by hand.`,
    );
  }
  tree.write(
    REFERENCE_API_FILE,
    appendElement(text, source, list, `    ${exportName}`),
  );
}

/** Writes the server test beside the routes file. */
function writeTest(tree: Tree, n: EndpointNames, routesPath: string): string {
  const dir = posix.dirname(routesPath);
  const own = routesPath.replace(/\.ts$/, '.test.ts');
  const path = tree.exists(own) ? `${dir}/${n.fileName}-route.test.ts` : own;
  if (tree.exists(path)) {
    throw new Error(
      `${path} exists already; move it away or choose another entry name.`,
    );
  }
  const depth = posix.relative(API_SOURCE, dir).split('/').length;
  const up = '../'.repeat(depth);
  tree.write(path, testCode(n).replace(/'\.\.\/testing\//g, `'${up}testing/`));
  return path;
}

/**
 * `nx g @collective/tools:endpoint <name> --resource=<resource> --path=/api/…
 * [--scoped] [--list]`: a read of the API from its contract entry to its
 * test — the entry and its schemas (a list query and a page answer with
 * `--list`, the member and the answered scope with `--scoped`) in its
 * resource's table module `<resource>-endpoints.ts` (created for a new
 * resource, spread into the `endpoints` aggregate and re-exported from it,
 * so the contract exports them); a handler stub that gives a valid empty answer in the
 * resource's routes file (created and registered in reference-api.ts for a
 * new resource); and a server test of who may call it and of its scope.
 */
export async function endpointGenerator(
  tree: Tree,
  options: EndpointGeneratorSchema,
): Promise<void> {
  const normalized = normalizeOptions(tree, options);
  const n = endpointNames(normalized);
  checkContractNames(tree, n);
  writeEntry(tree, n);
  const routes = writeHandler(tree, n);
  if (routes.isNew) registerRoutes(tree, routes.path, routes.exportName);
  writeTest(tree, n, routes.path);
  if (!options.skipFormat) await formatFiles(tree);
}

export default endpointGenerator;
