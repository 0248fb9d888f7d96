import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldTickObject, keepNextTickShape } from './next-tick-shape';

const run = promisify(execFile);
const CHILD = fileURLToPath(
  new URL('./testing/next-tick-after-gc.mjs', import.meta.url),
);

let folder: string;
/** next-tick-shape.ts made JavaScript, so the child runs with no loader. */
let keeperUrl: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'next-tick-shape-'));
  const source = await readFile(
    fileURLToPath(new URL('./next-tick-shape.ts', import.meta.url)),
    'utf8',
  );
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
    },
  });
  const file = join(folder, 'next-tick-shape.mjs');
  await writeFile(file, outputText);
  keeperUrl = pathToFileURL(file).href;
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/**
 * Runs the child (with keepNextTickShape() first when `keep`) and reads the
 * inline-cache states of the tick literal's four property definitions.
 */
async function tickLiteralStatesAfterIdleCollection(
  keep: boolean,
): Promise<string[]> {
  const { stdout } = await run(process.execPath, [
    '--expose-gc',
    '--allow-natives-syntax',
    CHILD,
    ...(keep ? [keeperUrl] : []),
  ]);
  return [...stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
    ([, state]) => state ?? '',
  );
}

describe('keepNextTickShape', () => {
  it('holds one tick object made by process.nextTick, once', () => {
    keepNextTickShape();
    const held = heldTickObject();
    expect(held).toMatchObject({ callback: expect.any(Function) });
    const keys = Object.getOwnPropertySymbols(held).map(
      (symbol) => symbol.description,
    );
    expect(keys).toContain('async_id_symbol');
    keepNextTickShape();
    expect(heldTickObject()).toBe(held);
  });

  it('keeps the tick literal monomorphic across a full collection made while no tick is queued, which otherwise makes it megamorphic', async () => {
    const [without, kept] = await Promise.all([
      tickLiteralStatesAfterIdleCollection(false),
      tickLiteralStatesAfterIdleCollection(true),
    ]);
    // Without a held tick the collection frees the maps made by the
    // literal's computed keys; the next tick makes new ones, and V8 marks
    // those definitions megamorphic: every tick then goes through the runtime.
    expect(without).toEqual([
      'MONOMORPHIC',
      'MEGAMORPHIC',
      'MEGAMORPHIC',
      'MEGAMORPHIC',
    ]);
    expect(kept).toEqual([
      'MONOMORPHIC',
      'MONOMORPHIC',
      'MONOMORPHIC',
      'MONOMORPHIC',
    ]);
  });
});
