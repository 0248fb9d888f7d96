/**
 * Trees for the generators' tests that hold copies of the workspace's real
 * files (the contract, the server's routes, the route table, the feature
 * libraries' maps), so a test fails when a file the generator edits has
 * changed shape under it.
 */
import { workspaceRoot, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/** Copies the files under `dir` (relative to the workspace root) that pass `keep` into the tree. */
export function copyFromWorkspace(
  tree: Tree,
  dir: string,
  keep: (path: string) => boolean = (path) => !/\.test\.tsx?$/.test(path),
): void {
  const visit = (relative: string) => {
    const absolute = join(workspaceRoot, relative);
    if (statSync(absolute).isDirectory()) {
      for (const child of readdirSync(absolute)) {
        if (['node_modules', 'dist', 'out-tsc', 'test-output'].includes(child))
          continue;
        visit(`${relative}/${child}`);
      }
    } else if (keep(relative)) {
      tree.write(relative, readFileSync(absolute, 'utf-8'));
    }
  };
  visit(dir);
}

/** An empty Nx workspace holding copies of what the endpoint and screen generators read and edit. */
export function treeWithWorkspaceSources(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  copyFromWorkspace(tree, 'libs/api-client/src/contract');
  copyFromWorkspace(tree, 'apps/api/src', (path) =>
    /-routes\.ts$|\/reference-api\.ts$/.test(path),
  );
  copyFromWorkspace(tree, 'libs/nav/src/routes.ts');
  copyFromWorkspace(tree, 'libs/features', (path) =>
    /\/src\/(index\.ts|screens\/[^/]+\.tsx|screens\/[^/]+\/[^/]+-screen\.tsx|data\/[^/]+\.ts)$/.test(
      path,
    ),
  );
  return tree;
}

/** Reads a file of the tree, failing the test with its path when it is missing. */
export function read(tree: Tree, path: string): string {
  const content = tree.read(path, 'utf-8');
  if (content === null) throw new Error(`${path} was not written`);
  return content;
}

/** Syntax errors TypeScript finds in a source file of the tree (none expected). */
export function syntaxErrors(tree: Tree, path: string): string[] {
  const output = ts.transpileModule(read(tree, path), {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext },
  });
  return (output.diagnostics ?? []).map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
}

/** Every file of the tree with its content. */
export function snapshot(tree: Tree): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (dir: string) => {
    for (const child of tree.children(dir)) {
      const path = dir ? `${dir}/${child}` : child;
      if (tree.isFile(path)) files.set(path, tree.read(path, 'utf-8') ?? '');
      else visit(path);
    }
  };
  visit('');
  return files;
}

/** What changed since `before`: `CREATE path`, `UPDATE path`, `DELETE path`, sorted by path. */
export function changesSince(
  tree: Tree,
  before: Map<string, string>,
): string[] {
  const after = snapshot(tree);
  const changed: [string, string][] = [];
  for (const [path, content] of after) {
    if (!before.has(path)) changed.push([path, 'CREATE']);
    else if (before.get(path) !== content) changed.push([path, 'UPDATE']);
  }
  for (const path of before.keys()) {
    if (!after.has(path)) changed.push([path, 'DELETE']);
  }
  return changed
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, kind]) => `${kind} ${path}`);
}
