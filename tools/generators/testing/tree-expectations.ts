/**
 * The generators' tests' common expectations on a tree: what a run wrote,
 * what a refused run left, and the snippets a written file holds.
 */
import type { Tree } from '@nx/devkit';
import { beforeEach, expect, it } from 'vitest';
import { changesSince, snapshot, syntaxErrors } from './workspace-tree';

/**
 * Expects the tree's changes since `before` to be exactly `changes` (in the
 * words of {@link changesSince}), and every file created or updated to be
 * free of syntax errors.
 */
export function expectChanges(
  tree: Tree,
  before: Map<string, string>,
  changes: string[],
): void {
  expect(changesSince(tree, before)).toEqual(changes);
  for (const change of changes) {
    if (change.startsWith('DELETE ')) continue;
    const path = change.slice(change.indexOf(' ') + 1);
    expect(syntaxErrors(tree, path), path).toEqual([]);
  }
}

/**
 * Before each test of the enclosing describe: snapshots the tree `tree()`
 * gives, then runs `generate` on it. Gives the snapshot of the current test,
 * the `before` of {@link expectChanges}.
 */
export function generatedBeforeEach(
  tree: () => Tree,
  generate: (tree: Tree) => Promise<unknown>,
): () => Map<string, string> {
  let before = new Map<string, string>();
  beforeEach(async () => {
    before = snapshot(tree());
    await generate(tree());
  });
  return () => before;
}

/** Expects `generate` to be refused with `message`, leaving the tree as it was. */
export async function expectRefusal(
  tree: Tree,
  generate: () => Promise<unknown>,
  message: RegExp | string,
): Promise<void> {
  const before = snapshot(tree);
  await expect(generate()).rejects.toThrow(message);
  expect(changesSince(tree, before)).toEqual([]);
}

/** Expects `text` to contain each of `snippets`; a failure names the missing one. */
export function expectToContainEach(text: string, snippets: string[]): void {
  for (const snippet of snippets) expect(text).toContain(snippet);
}

/**
 * One test per case: `generate` with the case's change of the generator's
 * options is refused with the case's message, saying what to do, and
 * writes nothing to the tree `tree()` gives ({@link expectRefusal}).
 */
export function itRefusesEach<Options>(
  cases: [Partial<Options>, RegExp][],
  tree: () => Tree,
  generate: (tree: Tree, change: Partial<Options>) => Promise<unknown>,
): void {
  it.each(cases)(
    'refuses %j, saying what to do, and writes nothing',
    (change, message) =>
      expectRefusal(tree(), () => generate(tree(), change), message),
  );
}
