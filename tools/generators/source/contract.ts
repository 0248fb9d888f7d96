/**
 * What the generators read of the API contract
 * (`libs/api-client/src/contract`): the entries of every table the
 * `endpoints` aggregate spreads (`shellEndpoints`, `recordEndpoints`, …) and
 * the shape of their valibot schemas, from the source's syntax tree.
 */
import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';
import {
  assignments,
  constInitializer,
  filesUnder,
  parseSource,
  propertyName,
  readRequired,
  unwrap,
} from './typescript-source';

/** Folder of the contract's source. */
export const CONTRACT_DIR = 'libs/api-client/src/contract';
/**
 * The aggregate of the contract's tables (`endpoints = { ...shellEndpoints,
 * ... }`), for the server, the test fake and the OpenAPI document only.
 */
export const ENDPOINTS_FILE = `${CONTRACT_DIR}/endpoints.ts`;
/** The contract's entry barrel, `@collective/api-client/contract`. */
export const CONTRACT_INDEX = `${CONTRACT_DIR}/index.ts`;
/** The line that closes a table module's `named({ … })`; new entries go above it. */
export const TABLE_MARKER = '} as const satisfies Record<string, Endpoint>);';

/** The table module of a resource's calls: `<resource>-endpoints.ts` beside the aggregate. */
export function tableFileOf(resource: string): string {
  return `${CONTRACT_DIR}/${resource}-endpoints.ts`;
}

/** The table a resource's calls are exported as: `<camelResource>Endpoints`. */
export function tableNameOf(resource: string): string {
  return `${resource.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}Endpoints`;
}

/** Who may make a call, the contract's `Audience` words (widest first). */
export const AUDIENCES = [
  'signed-in',
  'everyone',
  'admins',
  'collective-admins',
  'super-admin',
] as const;
/** One of {@link AUDIENCES}. */
export type AudienceWord = (typeof AUDIENCES)[number];

/** One entry of the contract's tables, as written in the source. */
export interface ContractEntry {
  name: string;
  /** The table that holds it, e.g. `shellEndpoints`: what a screen imports. */
  table: string;
  /** The table's module. */
  file: string;
  method: string;
  path: string;
  resource: string;
  auth: string;
  audience: AudienceWord;
  scoped: boolean;
  /** The source text of the `params`, `query` and `response` schemas (an identifier or an expression). */
  params?: string;
  query?: string;
  response?: string;
  servedBy?: string;
}

function stringOf(expression: ts.Expression | undefined): string | undefined {
  if (!expression) return undefined;
  const value = unwrap(expression);
  return ts.isStringLiteralLike(value) ? value.text : undefined;
}

/** The object literal of a table: `named({ … } as const satisfies …)` or a plain `{ … }`. */
function tableLiteral(
  expression: ts.Expression | undefined,
): ts.ObjectLiteralExpression | undefined {
  if (!expression) return undefined;
  let value = unwrap(expression);
  if (
    ts.isCallExpression(value) &&
    ts.isIdentifier(value.expression) &&
    value.expression.text === 'named' &&
    value.arguments[0]
  ) {
    value = unwrap(value.arguments[0]);
  }
  return ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** The `endpoints` aggregate of endpoints.ts and its parsed file. */
export function endpointsAggregate(tree: Tree): {
  text: string;
  source: ts.SourceFile;
  table: ts.ObjectLiteralExpression;
} {
  const text = readRequired(tree, ENDPOINTS_FILE, 'to read the contract');
  const source = parseSource(ENDPOINTS_FILE, text);
  const table = tableLiteral(constInitializer(source, 'endpoints'));
  if (!table) {
    throw new Error(
      `${ENDPOINTS_FILE} no longer declares \`export const endpoints = { ...shellEndpoints, … }\`; the generators read the contract's tables from it.`,
    );
  }
  return { text, source, table };
}

/** One table of the contract: the module that declares it and its object literal. */
export interface ContractTable {
  /** The exported name, e.g. `shellEndpoints` (`endpoints` for entries written in the aggregate itself). */
  name: string;
  path: string;
  source: ts.SourceFile;
  literal: ts.ObjectLiteralExpression;
}

/** The module an identifier is imported from in a source file of the contract, as a path of the tree. */
function importedFrom(source: ts.SourceFile, name: string): string | undefined {
  for (const statement of source.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier)
    )
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    if (bindings.elements.some((element) => element.name.text === name)) {
      const spec = statement.moduleSpecifier.text;
      return spec.startsWith('./')
        ? `${CONTRACT_DIR}/${spec.slice(2).replace(/\.js$/, '')}.ts`
        : undefined;
    }
  }
  return undefined;
}

/**
 * Every table the `endpoints` aggregate spreads (`...shellEndpoints`), read
 * from the module it is imported from, in the aggregate's order; entries
 * written in the aggregate itself count as a table of their own.
 */
export function contractTables(tree: Tree): ContractTable[] {
  const aggregate = endpointsAggregate(tree);
  const tables: ContractTable[] = [];
  if (aggregate.table.properties.some((p) => !ts.isSpreadAssignment(p))) {
    tables.push({
      name: 'endpoints',
      path: ENDPOINTS_FILE,
      source: aggregate.source,
      literal: aggregate.table,
    });
  }
  for (const property of aggregate.table.properties) {
    if (
      !ts.isSpreadAssignment(property) ||
      !ts.isIdentifier(property.expression)
    )
      continue;
    const name = property.expression.text;
    const path = importedFrom(aggregate.source, name) ?? ENDPOINTS_FILE;
    const text = readRequired(tree, path, `to read the table ${name}`);
    const source = parseSource(path, text);
    const literal = tableLiteral(constInitializer(source, name));
    if (!literal) {
      throw new Error(
        `${path} no longer declares \`export const ${name} = named({ … })\`, which ${ENDPOINTS_FILE} spreads; the generators read the contract's entries from it.`,
      );
    }
    tables.push({ name, path, source, literal });
  }
  return tables;
}

/** Every entry of the contract's tables, in the aggregate's order. */
export function readEntries(tree: Tree): ContractEntry[] {
  const entries: ContractEntry[] = [];
  for (const { name: table, path: file, source, literal } of contractTables(
    tree,
  )) {
    for (const property of literal.properties) {
      const name = propertyName(property);
      if (
        name === undefined ||
        !ts.isPropertyAssignment(property) ||
        !ts.isObjectLiteralExpression(property.initializer)
      )
        continue;
      const fields = assignments(property.initializer);
      const text = (key: string) => fields.get(key)?.getText(source);
      const audience = stringOf(fields.get('audience')) ?? 'signed-in';
      entries.push({
        name,
        table,
        file,
        method: stringOf(fields.get('method')) ?? '',
        path: stringOf(fields.get('path')) ?? '',
        resource: stringOf(fields.get('resource')) ?? '',
        auth: stringOf(fields.get('auth')) ?? '',
        audience: (AUDIENCES as readonly string[]).includes(audience)
          ? (audience as AudienceWord)
          : 'signed-in',
        scoped: fields.get('scoped')?.kind === ts.SyntaxKind.TrueKeyword,
        ...(text('params') ? { params: text('params') } : {}),
        ...(text('query') ? { query: text('query') } : {}),
        ...(text('response') ? { response: text('response') } : {}),
        ...(stringOf(fields.get('servedBy'))
          ? { servedBy: stringOf(fields.get('servedBy')) }
          : {}),
      });
    }
  }
  return entries;
}

/**
 * Whether `@collective/api-client/contract` exports a name: the index names
 * it, or it is an `export const` of a module the `endpoints` aggregate
 * re-exports (`export * from './x-endpoints'`), which the index re-exports.
 */
export function contractExports(tree: Tree, name: string): boolean {
  const word = new RegExp(`\\b${name}\\b`);
  if (word.test(tree.read(CONTRACT_INDEX, 'utf-8') ?? '')) return true;
  const { source } = endpointsAggregate(tree);
  return source.statements.some((statement) => {
    if (
      !ts.isExportDeclaration(statement) ||
      statement.exportClause ||
      !statement.moduleSpecifier ||
      !ts.isStringLiteral(statement.moduleSpecifier)
    )
      return false;
    const path = `${CONTRACT_DIR}/${statement.moduleSpecifier.text.replace(/^\.\//, '')}.ts`;
    const module = parseSource(path, tree.read(path, 'utf-8') ?? '');
    return module.statements.some(
      (declared) =>
        ts.isVariableStatement(declared) &&
        declared.modifiers?.some(
          (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
        ) &&
        declared.declarationList.declarations.some(
          (declaration) =>
            ts.isIdentifier(declaration.name) && declaration.name.text === name,
        ),
    );
  });
}

/** The `:name` segments of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] ?? '');
}

/* ------------------------------------------------------------------ */
/* Schemas                                                             */
/* ------------------------------------------------------------------ */

/** What a screen can do with a value of a schema. */
export type ValueKind =
  | 'text'
  | 'number'
  | 'date'
  | 'boolean'
  | 'array'
  | 'object'
  | 'scope'
  | 'unknown';

/** A field of an object schema as far as the generators need it. */
export interface SchemaField {
  name: string;
  kind: ValueKind;
  /** `v.nullable(…)` or `v.nullish(…)`: the value may be null. */
  nullable: boolean;
  /** `v.optional(…)`: the field may be absent. */
  optional: boolean;
  /** For a `v.picklist` or `v.literal`: the values it allows, when they are written in the contract. */
  choices?: string[];
  /** For `v.array(X)`: the fields of X when it is an object schema. */
  items?: SchemaField[];
  /** For `v.picklist(NAME)`: the exported constant holding the choices. */
  choicesName?: string;
  /** For a `v.pipe(…, v.maxValue(n))`: n, when written as a number or a constant. */
  max?: number;
  /** For a `v.pipe(…, v.regex(/…/))`: the patterns a text must match. */
  patterns?: RegExp[];
  /** The expression as written. */
  text: string;
}

/** Finds a schema (or any constant) by name in the contract's files. */
function findConst(
  tree: Tree,
  name: string,
  preferred?: ts.SourceFile,
): { source: ts.SourceFile; value: ts.Expression } | undefined {
  if (preferred) {
    const value = constInitializer(preferred, name);
    if (value) return { source: preferred, value };
  }
  for (const path of filesUnder(
    tree,
    CONTRACT_DIR,
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  )) {
    const text = tree.read(path, 'utf-8') ?? '';
    if (!text.includes(name)) continue;
    const source = parseSource(path, text);
    const value = constInitializer(source, name);
    if (value) return { source, value };
  }
  return undefined;
}

/** The contract's helper that frames a JSON answer (`common-schemas.ts`). */
const ANSWER_SCHEMA = 'answerSchema';
/** The contract's helper for the answer of a scoped list (`data-schemas.ts`). */
const SCOPED_PAGE_SCHEMA = 'scopedPageSchema';

/** The optional `success` flag every answer may carry (specification §7). */
const SUCCESS_FIELD: SchemaField = {
  name: 'success',
  kind: 'boolean',
  nullable: false,
  optional: true,
  text: 'v.optional(v.boolean())',
};

/**
 * The entries of an object schema's literal, in order, with the file each
 * is written in: its own properties, and those of a constant it spreads
 * (`...pageEntries`).
 */
function objectEntries(
  tree: Tree,
  source: ts.SourceFile,
  shape: ts.ObjectLiteralExpression,
  depth = 0,
): { key: string; schema: ts.Expression; source: ts.SourceFile }[] {
  const entries: {
    key: string;
    schema: ts.Expression;
    source: ts.SourceFile;
  }[] = [];
  for (const property of shape.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = unwrap(property.expression);
      const found =
        depth >= 4
          ? undefined
          : ts.isIdentifier(spread)
            ? findConst(tree, spread.text, source)
            : ts.isCallExpression(spread) && ts.isIdentifier(spread.expression)
              ? findReturnedObject(tree, spread.expression.text)
              : undefined;
      const literal = found ? unwrap(found.value) : undefined;
      if (found && literal && ts.isObjectLiteralExpression(literal))
        entries.push(...objectEntries(tree, found.source, literal, depth + 1));
      continue;
    }
    const key = propertyName(property);
    if (key !== undefined && ts.isPropertyAssignment(property))
      entries.push({ key, schema: property.initializer, source });
  }
  return entries;
}

/** A function declared in the contract (a helper that builds schemas), with its file. */
function findFunction(
  tree: Tree,
  name: string,
): { source: ts.SourceFile; declaration: ts.FunctionDeclaration } | undefined {
  for (const path of filesUnder(
    tree,
    CONTRACT_DIR,
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  )) {
    const text = tree.read(path, 'utf-8') ?? '';
    if (!text.includes(`function ${name}`)) continue;
    const source = parseSource(path, text);
    const declaration = source.statements.find(
      (statement): statement is ts.FunctionDeclaration =>
        ts.isFunctionDeclaration(statement) &&
        statement.name?.text === name &&
        statement.body !== undefined,
    );
    if (declaration) return { source, declaration };
  }
  return undefined;
}

/** The expression of a function's first `return`. */
function returnedExpression(
  declaration: ts.FunctionDeclaration,
): ts.Expression | undefined {
  return declaration.body?.statements.find(ts.isReturnStatement)?.expression;
}

/**
 * The object a helper function of the contract returns
 * (`...pageQuery(MAX_STORE_PAGE_SIZE)`): the object literal of its first
 * `return`; its parameters stay unknown.
 */
function findReturnedObject(
  tree: Tree,
  name: string,
): { source: ts.SourceFile; value: ts.Expression } | undefined {
  const found = findFunction(tree, name);
  const value = found && returnedExpression(found.declaration);
  return found && value ? { source: found.source, value } : undefined;
}

/**
 * A call of a one-parameter helper of the contract that builds a schema
 * around the object it is given (`scopedAnswer({ … })`, `scopedQuery()`):
 * the helper's returned expression with the call's entries written in place
 * of its spread parameter (`...entries`), parsed on its own. Undefined for
 * any other call (several parameters, no spread of the parameter).
 */
function inlinedHelperCall(
  tree: Tree,
  source: ts.SourceFile,
  call: ts.CallExpression,
): { source: ts.SourceFile; value: ts.Expression } | undefined {
  if (!ts.isIdentifier(call.expression) || call.arguments.length > 1)
    return undefined;
  const found = findFunction(tree, call.expression.text);
  const parameter = found?.declaration.parameters[0]?.name;
  const returned = found && returnedExpression(found.declaration);
  if (
    !found ||
    found.declaration.parameters.length !== 1 ||
    !parameter ||
    !ts.isIdentifier(parameter) ||
    !returned
  )
    return undefined;
  const argument = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  const entries =
    argument === undefined
      ? ''
      : ts.isObjectLiteralExpression(argument)
        ? argument.properties.map((p) => p.getText(source)).join(', ')
        : `...${argument.getText(source)}`;
  const spread = new RegExp(
    `\\.\\.\\.\\(?${parameter.text}(?:\\s+as\\s+\\w+)?\\)?(?![\\w$])`,
    'g',
  );
  const body = returned.getText(found.source);
  if (!spread.test(body)) return undefined;
  const inlined = body.replace(spread, entries).replace(/([{,])\s*,/g, '$1');
  const statement = parseSource(
    found.source.fileName,
    `const inlined = ${inlined};`,
  ).statements[0];
  const value =
    statement && ts.isVariableStatement(statement)
      ? statement.declarationList.declarations[0]?.initializer
      : undefined;
  return value ? { source: value.getSourceFile(), value } : undefined;
}

/** `v.name(...)`: the valibot function called, or undefined for another expression. */
function valibotCall(
  expression: ts.Expression,
): { fn: string; args: readonly ts.Expression[] } | undefined {
  const value = unwrap(expression);
  if (!ts.isCallExpression(value)) return undefined;
  const callee = value.expression;
  if (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'v'
  ) {
    return { fn: callee.name.text, args: value.arguments };
  }
  if (ts.isIdentifier(callee))
    return { fn: callee.text, args: value.arguments };
  return undefined;
}

/** The strings of an array literal (or of the constant it names). */
function stringsOf(
  tree: Tree,
  source: ts.SourceFile,
  expression: ts.Expression,
): { values?: string[]; name?: string } {
  let value = unwrap(expression);
  let name: string | undefined;
  if (ts.isIdentifier(value)) {
    name = value.text;
    const found = findConst(tree, value.text, source);
    if (!found) return { name };
    value = found.value;
  }
  // `LIST.map((item) => item.code)`: the `code` of each object of LIST.
  if (
    ts.isCallExpression(value) &&
    ts.isPropertyAccessExpression(value.expression) &&
    value.expression.name.text === 'map' &&
    value.arguments[0] &&
    ts.isArrowFunction(value.arguments[0]) &&
    ts.isPropertyAccessExpression(value.arguments[0].body)
  ) {
    const field = value.arguments[0].body.name.text;
    const list = stringsOfObjects(
      tree,
      source,
      value.expression.expression,
      field,
    );
    return list ? { values: list } : {};
  }
  // `sortOrders(COLUMNS)`: each column ascending, then descending (`common-schemas.ts`).
  if (
    ts.isCallExpression(value) &&
    ts.isIdentifier(value.expression) &&
    value.expression.text === 'sortOrders' &&
    value.arguments[0]
  ) {
    const columns = stringsOf(tree, source, value.arguments[0]).values;
    if (!columns) return name ? { name } : {};
    const values = columns.flatMap((column) => [column, `-${column}`]);
    return name ? { values, name } : { values };
  }
  if (!ts.isArrayLiteralExpression(value)) return name ? { name } : {};
  const values = value.elements.flatMap((element) =>
    ts.isSpreadElement(element)
      ? (stringsOf(tree, source, element.expression).values ?? [])
      : ts.isStringLiteralLike(unwrap(element))
        ? [(unwrap(element) as ts.StringLiteralLike).text]
        : [],
  );
  return name ? { values, name } : { values };
}

/** The text of `field` in each object of an array literal (or of the constant naming one). */
function stringsOfObjects(
  tree: Tree,
  source: ts.SourceFile,
  expression: ts.Expression,
  field: string,
): string[] | undefined {
  let value = unwrap(expression);
  if (ts.isIdentifier(value)) {
    const found = findConst(tree, value.text, source);
    if (!found) return undefined;
    value = found.value;
  }
  if (!ts.isArrayLiteralExpression(value)) return undefined;
  const values: string[] = [];
  for (const element of value.elements) {
    const item = unwrap(element);
    if (!ts.isObjectLiteralExpression(item)) return undefined;
    const text = assignments(item).get(field);
    if (!text || !ts.isStringLiteralLike(unwrap(text))) return undefined;
    values.push((unwrap(text) as ts.StringLiteralLike).text);
  }
  return values;
}

/** A number written as a literal or as a constant of the contract. */
function numberOf(
  tree: Tree,
  source: ts.SourceFile,
  expression: ts.Expression,
): number | undefined {
  const value = unwrap(expression);
  if (ts.isNumericLiteral(value)) return Number(value.text.replace(/_/g, ''));
  if (ts.isIdentifier(value)) {
    const found = findConst(tree, value.text, source);
    return found ? numberOf(tree, found.source, found.value) : undefined;
  }
  return undefined;
}

/**
 * Whether `node` is valibot's ISO timestamp pattern (`v.ISO_TIMESTAMP_REGEX`):
 * the contract writes a timestamp as `regex` with it rather than
 * `isoTimestamp`, to keep the sign-in page's copy of valibot small (0027).
 */
function namesIsoTimestampRegex(node: ts.Node | undefined): boolean {
  if (!node) return false;
  const name = ts.isPropertyAccessExpression(node)
    ? node.name.text
    : ts.isIdentifier(node)
      ? node.text
      : '';
  return name === 'ISO_TIMESTAMP_REGEX';
}

/**
 * What a schema expression describes: its kind, whether it may be null or
 * absent, and for objects and arrays their fields. Follows constants of the
 * contract by name (`IsoTimestampSchema`, `StoreSchema`) and reads through
 * `v.pipe`, `v.optional`, `v.nullable`.
 */
export function describeSchema(
  tree: Tree,
  source: ts.SourceFile,
  expression: ts.Expression,
  name = '',
  depth = 0,
): SchemaField {
  const field: SchemaField = {
    name,
    kind: 'unknown',
    nullable: false,
    optional: false,
    text: expression.getText(source),
  };
  if (depth > 8) return field;
  const value = unwrap(expression);
  if (ts.isIdentifier(value)) {
    if (value.text === 'AnsweredScopeSchema')
      return { ...field, kind: 'scope' };
    const found = findConst(tree, value.text, source);
    if (!found) return field;
    return {
      ...describeSchema(tree, found.source, found.value, name, depth + 1),
      text: field.text,
    };
  }
  if (
    ts.isCallExpression(value) &&
    ts.isIdentifier(value.expression) &&
    value.expression.text === ANSWER_SCHEMA
  ) {
    // `answerSchema({ … })`: an object of its entries and the optional `success` flag.
    const shape = value.arguments[0] ? unwrap(value.arguments[0]) : undefined;
    const entries =
      shape && ts.isObjectLiteralExpression(shape)
        ? objectEntries(tree, source, shape).map(
            ({ key, schema, source: from }) =>
              describeSchema(tree, from, schema, key, depth + 1),
          )
        : [];
    return { ...field, kind: 'object', items: [SUCCESS_FIELD, ...entries] };
  }
  if (
    ts.isCallExpression(value) &&
    ts.isIdentifier(value.expression) &&
    value.expression.text === SCOPED_PAGE_SCHEMA
  ) {
    // `scopedPageSchema('stores', StoreSchema)`: the scope, the page's items under their key, and the paging.
    const [keyArg, itemArg, entriesArg] = value.arguments.map(unwrap);
    const paging = findConst(tree, 'pageEntries', source);
    const pagingShape = paging ? unwrap(paging.value) : undefined;
    const item = itemArg
      ? describeSchema(tree, source, itemArg, '', depth + 1)
      : undefined;
    const list: SchemaField[] =
      keyArg && ts.isStringLiteralLike(keyArg)
        ? [
            {
              name: keyArg.text,
              kind: 'array',
              nullable: false,
              optional: false,
              text: `v.array(${itemArg?.getText(source) ?? ''})`,
              ...(item?.kind === 'object' && item.items
                ? { items: item.items }
                : {}),
            },
          ]
        : [];
    const pageFields =
      paging && pagingShape && ts.isObjectLiteralExpression(pagingShape)
        ? objectEntries(tree, paging.source, pagingShape).map(
            ({ key, schema, source: from }) =>
              describeSchema(tree, from, schema, key, depth + 1),
          )
        : [];
    const scope: SchemaField = {
      name: 'scope',
      kind: 'scope',
      nullable: false,
      optional: false,
      text: 'AnsweredScopeSchema',
    };
    // Its own entries, between the scope and the page's items.
    const own =
      entriesArg && ts.isObjectLiteralExpression(entriesArg)
        ? objectEntries(tree, source, entriesArg).map(
            ({ key, schema, source: from }) =>
              describeSchema(tree, from, schema, key, depth + 1),
          )
        : [];
    return {
      ...field,
      kind: 'object',
      items: [SUCCESS_FIELD, scope, ...own, ...list, ...pageFields],
    };
  }
  const call = valibotCall(value);
  if (!call) return field;
  const [first] = call.args;
  switch (call.fn) {
    case 'string':
      return { ...field, kind: 'text' };
    case 'number':
      return { ...field, kind: 'number' };
    case 'boolean':
      return { ...field, kind: 'boolean' };
    case 'literal':
      return first && ts.isStringLiteralLike(unwrap(first))
        ? {
            ...field,
            kind: 'text',
            choices: [(unwrap(first) as ts.StringLiteralLike).text],
          }
        : first && unwrap(first).kind === ts.SyntaxKind.TrueKeyword
          ? { ...field, kind: 'boolean' }
          : field;
    // `oneOf(NAME, 'field')` is the contract's picklist with its message (`common-schemas.ts`).
    case 'picklist':
    case 'oneOf': {
      const { values, name: constant } = first
        ? stringsOf(tree, source, first)
        : {};
      return {
        ...field,
        kind: 'text',
        ...(values ? { choices: values } : {}),
        ...(constant ? { choicesName: constant } : {}),
      };
    }
    case 'requiredText':
      // `requiredText('field', max)`: the contract's trimmed, non-empty text (`common-schemas.ts`).
      return { ...field, kind: 'text' };
    case 'optional':
    case 'exactOptional':
      return first
        ? {
            ...describeSchema(tree, source, first, name, depth + 1),
            optional: true,
            text: field.text,
          }
        : field;
    case 'nullable':
    case 'nullish':
      return first
        ? {
            ...describeSchema(tree, source, first, name, depth + 1),
            nullable: true,
            ...(call.fn === 'nullish' ? { optional: true } : {}),
            text: field.text,
          }
        : field;
    case 'pipe': {
      if (!first) return field;
      const inner = describeSchema(tree, source, first, name, depth + 1);
      let kind = inner.kind;
      let max = inner.max;
      const patterns = [...(inner.patterns ?? [])];
      for (const action of call.args.slice(1)) {
        const step = valibotCall(action);
        if (!step) continue;
        if (
          step.fn === 'isoTimestamp' ||
          step.fn === 'isoDateTime' ||
          (step.fn === 'regex' && namesIsoTimestampRegex(step.args[0]))
        )
          kind = 'date';
        if (step.fn === 'transform' && inner.kind === 'text') {
          const target = step.args[0];
          if (target && ts.isIdentifier(target) && target.text === 'Number')
            kind = 'number';
        }
        if (step.fn === 'maxValue' && step.args[0])
          max = numberOf(tree, source, step.args[0]) ?? max;
        const literal = step.args[0];
        if (
          step.fn === 'regex' &&
          literal &&
          ts.isRegularExpressionLiteral(literal)
        ) {
          const text = literal.text;
          const end = text.lastIndexOf('/');
          try {
            patterns.push(new RegExp(text.slice(1, end), text.slice(end + 1)));
          } catch {
            // A pattern JavaScript here cannot read: the sample is not checked against it.
          }
        }
      }
      return {
        ...inner,
        kind,
        ...(max === undefined ? {} : { max }),
        ...(patterns.length > 0 ? { patterns } : {}),
        text: field.text,
      };
    }
    case 'array': {
      if (!first) return { ...field, kind: 'array' };
      const item = describeSchema(tree, source, first, '', depth + 1);
      return {
        ...field,
        kind: 'array',
        ...(item.kind === 'object' && item.items ? { items: item.items } : {}),
      };
    }
    case 'object':
    case 'strictObject':
    case 'looseObject': {
      const shape = first ? unwrap(first) : undefined;
      if (!shape || !ts.isObjectLiteralExpression(shape))
        return { ...field, kind: 'object' };
      const items = objectEntries(tree, source, shape).map(
        ({ key, schema, source: from }) =>
          describeSchema(tree, from, schema, key, depth + 1),
      );
      return { ...field, kind: 'object', items };
    }
    default: {
      // A helper of the contract that builds a schema around the entries it
      // is given (`scopedAnswer({ … })`); another (`recordIdParams('store')`)
      // stays unknown.
      const inlined = ts.isCallExpression(value)
        ? inlinedHelperCall(tree, source, value)
        : undefined;
      return inlined
        ? {
            ...describeSchema(
              tree,
              inlined.source,
              inlined.value,
              name,
              depth + 1,
            ),
            text: field.text,
          }
        : field;
    }
  }
}

/** The fields of a schema of the contract named in an entry, when it is an object schema. */
export function schemaFields(
  tree: Tree,
  schemaText: string | undefined,
  tableFile: string = ENDPOINTS_FILE,
): SchemaField[] | undefined {
  if (!schemaText) return undefined;
  const text = readRequired(tree, tableFile, 'to read the schemas');
  const source = parseSource(tableFile, text);
  const found = /^[A-Za-z_$][\w$]*$/.test(schemaText)
    ? findConst(tree, schemaText, source)
    : undefined;
  if (!found) {
    // An inline schema in the table (`v.strictObject({ id: … })`).
    const at = text.indexOf(schemaText);
    if (at < 0) return undefined;
    let node: ts.Node | undefined;
    const visit = (candidate: ts.Node) => {
      if (node) return;
      if (
        candidate.getStart(source) === at &&
        candidate.getText(source) === schemaText
      ) {
        node = candidate;
        return;
      }
      ts.forEachChild(candidate, visit);
    };
    visit(source);
    if (!node) return undefined;
    return describeSchema(tree, source, node as ts.Expression).items;
  }
  return describeSchema(tree, found.source, found.value).items;
}
