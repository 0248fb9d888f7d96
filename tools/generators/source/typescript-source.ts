/**
 * Edits of TypeScript source text for the generators: each change is made at
 * a place found in the syntax tree (an import, an object literal, a marker
 * line), so the rest of the file stays exactly as its authors wrote it.
 */
import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';

/** Parses a source file of the workspace (TSX when its name says so). */
export function parseSource(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** Reads a file the generator needs, failing with what is missing and why it is needed. */
export function readRequired(tree: Tree, path: string, why: string): string {
  const text = tree.read(path, 'utf-8');
  if (text === null) {
    throw new Error(
      `${path} is missing; the generator needs it ${why}. Run the generator from the root of the Collective Dashboard workspace.`,
    );
  }
  return text;
}

/** Removes the wrapping `as const`, `satisfies …` and parentheses of an expression. */
export function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isParenthesizedExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** The initializer of a top-level `const <name> = …` of a file, unwrapped, if it has one. */
export function constInitializer(
  source: ts.SourceFile,
  name: string,
): ts.Expression | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === name &&
        declaration.initializer
      ) {
        return unwrap(declaration.initializer);
      }
    }
  }
  return undefined;
}

/** The name of a property of an object literal (`a`, `'a'`, `"/a"`), or undefined for a computed one. */
export function propertyName(
  property: ts.ObjectLiteralElementLike,
): string | undefined {
  const name = property.name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** The properties of an object literal that are plain `name: value` assignments, by name. */
export function assignments(
  literal: ts.ObjectLiteralExpression,
): Map<string, ts.Expression> {
  const found = new Map<string, ts.Expression>();
  for (const property of literal.properties) {
    const name = propertyName(property);
    if (name !== undefined && ts.isPropertyAssignment(property)) {
      found.set(name, property.initializer);
    }
  }
  return found;
}

/** Every top-level name a file declares or imports, to avoid declaring one twice. */
export function declaredNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    } else if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (statement.importClause?.name)
        names.add(statement.importClause.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) names.add(element.name.text);
      } else if (bindings && ts.isNamespaceImport(bindings)) {
        names.add(bindings.name.text);
      }
    }
  }
  return names;
}

/** A named import to add: the name, and whether it is a type (`type X` inside the braces). */
export interface NamedImport {
  name: string;
  type?: boolean;
}

function importText(item: NamedImport): string {
  return item.type ? `type ${item.name}` : item.name;
}

/**
 * The module, the braces (when they hold named elements) and whether the
 * whole clause is type-only of an `import … from` (kind `import`) or an
 * `export … from` (kind `export`) statement; undefined for any other.
 */
function clauseOf(
  statement: ts.Statement,
  kind: 'import' | 'export',
):
  | {
      specifier: ts.Expression | undefined;
      braces: ts.NamedImports | ts.NamedExports | undefined;
      typeOnly: boolean;
    }
  | undefined {
  if (kind === 'import' && ts.isImportDeclaration(statement)) {
    const bindings = statement.importClause?.namedBindings;
    return {
      specifier: statement.moduleSpecifier,
      braces: bindings && ts.isNamedImports(bindings) ? bindings : undefined,
      typeOnly: statement.importClause?.isTypeOnly ?? false,
    };
  }
  if (kind === 'export' && ts.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    return {
      specifier: statement.moduleSpecifier,
      braces: clause && ts.isNamedExports(clause) ? clause : undefined,
      typeOnly: statement.isTypeOnly,
    };
  }
  return undefined;
}

/** Import or export declarations of `module` in a file whose braces hold named elements. */
function namedClauses(
  source: ts.SourceFile,
  module: string,
  kind: 'import' | 'export',
): {
  statement: ts.Statement;
  elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>;
  braces: ts.Node;
  typeOnly: boolean;
}[] {
  const found = [];
  for (const statement of source.statements) {
    const clause = clauseOf(statement, kind);
    if (
      clause?.braces &&
      clause.specifier &&
      ts.isStringLiteral(clause.specifier) &&
      clause.specifier.text === module
    ) {
      found.push({
        statement,
        elements: clause.braces.elements,
        braces: clause.braces,
        typeOnly: clause.typeOnly,
      });
    }
  }
  return found;
}

const bare = (text: string) => text.replace(/^type /, '');

/**
 * Adds named imports (or re-exports) of `module` to a file: into a matching
 * declaration already there (`import type { … }` for types only, or the
 * value import, with `type` before each type), sorted in with the names it
 * holds; otherwise as a new declaration after the last one of its kind
 * (after the imports for an import). Names already there are left alone.
 */
function addNamed(
  kind: 'import' | 'export',
  path: string,
  text: string,
  module: string,
  items: readonly NamedImport[],
): string {
  const source = parseSource(path, text);
  const clauses = namedClauses(source, module, kind);
  const already = new Set(
    clauses.flatMap((clause) =>
      clause.elements.map((element) => element.name.text),
    ),
  );
  const missing = items.filter((item) => !already.has(item.name));
  if (missing.length === 0) return text;
  const onlyTypes = missing.every((item) => item.type);
  // A barrel keeps its types in an `export type { … }` of their own.
  const target = onlyTypes
    ? (clauses.find((clause) => clause.typeOnly) ??
      (kind === 'import'
        ? clauses.find((clause) => !clause.typeOnly)
        : undefined))
    : clauses.find((clause) => !clause.typeOnly);
  if (target) {
    const names = [
      ...target.elements.map((element) => element.getText(source)),
      ...missing.map((item) =>
        target.typeOnly ? item.name : importText(item),
      ),
    ].sort((a, b) => bare(a).localeCompare(bare(b)));
    return (
      text.slice(0, target.braces.getStart(source)) +
      `{ ${names.join(', ')} }` +
      text.slice(target.braces.getEnd())
    );
  }
  const typeWord = onlyTypes ? ' type' : '';
  const listed = missing
    .map((item) => (onlyTypes ? item.name : importText(item)))
    .sort((a, b) => bare(a).localeCompare(bare(b)))
    .join(', ');
  const line =
    kind === 'import'
      ? `import${typeWord} { ${listed} } from '${module}';`
      : `export${typeWord} { ${listed} } from '${module}';`;
  const same = source.statements.filter(
    kind === 'import' ? ts.isImportDeclaration : ts.isExportDeclaration,
  );
  const last =
    same.at(-1) ?? (kind === 'export' ? source.statements.at(-1) : undefined);
  if (!last) return `${line}\n${text}`;
  const end = last.getEnd();
  return `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

/** Adds named imports of `module` to a file; see {@link addNamed}. */
export function addImports(
  path: string,
  text: string,
  module: string,
  items: readonly NamedImport[],
): string {
  return addNamed('import', path, text, module, items);
}

/** Adds named re-exports of `module` to a barrel file; see {@link addNamed}. */
export function addExports(
  path: string,
  text: string,
  module: string,
  items: readonly NamedImport[],
): string {
  return addNamed('export', path, text, module, items);
}

/**
 * Inserts `snippet` as the last element of an object or array literal,
 * after its last element (adding the comma), before its closing bracket.
 */
export function appendElement(
  text: string,
  source: ts.SourceFile,
  literal: ts.ObjectLiteralExpression | ts.ArrayLiteralExpression,
  snippet: string,
): string {
  const elements: ts.NodeArray<ts.Node> = ts.isObjectLiteralExpression(literal)
    ? literal.properties
    : literal.elements;
  const last = elements.at(-1);
  if (!last) {
    const open = literal.getStart(source) + 1;
    return `${text.slice(0, open)}\n${snippet}\n${text.slice(open)}`;
  }
  const end = last.getEnd();
  const hasComma = elements.hasTrailingComma;
  const after = hasComma ? text.indexOf(',', end) + 1 : end;
  return `${text.slice(0, end)},\n${snippet}${hasComma ? ',' : ''}${text.slice(after)}`;
}

/**
 * Inserts `snippet` on the lines before the one holding `marker`, failing
 * with a message naming the file and the line to put back when it is gone.
 */
export function insertBeforeMarker(
  path: string,
  text: string,
  marker: string,
  snippet: string,
): string {
  const at = text.indexOf(marker);
  if (at < 0) {
    throw new Error(
      `${path} has lost the line "${marker}", where the generator adds to it; put it back as the last line of the table.`,
    );
  }
  const lineStart = text.lastIndexOf('\n', at) + 1;
  return `${text.slice(0, lineStart)}${snippet.replace(/\n?$/, '\n')}${text.slice(lineStart)}`;
}

/** Every file under `dir` of the tree (recursively) whose path matches `test`. */
export function filesUnder(
  tree: Tree,
  dir: string,
  test: (path: string) => boolean,
): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const child of tree.children(folder)) {
      const path = `${folder}/${child}`;
      if (tree.isFile(path)) {
        if (test(path)) found.push(path);
      } else if (child !== 'node_modules' && child !== 'dist') {
        visit(path);
      }
    }
  };
  if (tree.exists(dir)) visit(dir);
  return found.sort();
}

/** A JSDoc comment of `text`, wrapped at 80 columns (`/** … *\/` on one line when it fits). */
export function jsDoc(text: string, indent = ''): string {
  const one = `${indent}/** ${text} */`;
  if (one.length <= 80) return one;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${indent} * ${line} ${word}`.length > 80) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return [
    `${indent}/**`,
    ...lines.map((l) => `${indent} * ${l}`),
    `${indent} */`,
  ].join('\n');
}

/** A `//` comment of `text` over as many lines as 80 columns need. */
export function lineComment(text: string, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${indent}// ${line} ${word}`.length > 80) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => `${indent}// ${l}`).join('\n');
}
