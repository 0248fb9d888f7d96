import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The styling contract (docs/decisions/0006): components colour themselves
// only with the colours a theme sets. A name no theme sets falls back to its
// default in every theme — a dark red on the dark themes' surfaces, say — so
// it reads in one theme and fails contrast in another.
const root = join(import.meta.dirname, '../..');

/** Every CSS file under the `src` of an app or a library. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'out-tsc'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') && path.includes('/src/') ? [path] : [];
  });
}

const themeColours = new Set(
  readFileSync(join(root, 'libs/theming/src/css-variables.ts'), 'utf8').match(
    /--color-[a-z-]+/g,
  ),
);

describe('theme colours', () => {
  it('the theme sets colours (the list read is not empty)', () => {
    expect(themeColours.has('--color-text-primary')).toBe(true);
  });

  it('every colour a stylesheet uses is one the theme sets', () => {
    const files = [join(root, 'apps'), join(root, 'libs')].flatMap(cssFiles);
    expect(files.length).toBeGreaterThan(20);
    const unknown = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--color-[a-z-]+)/g)]
        .map((match) => match[1] ?? '')
        .filter((name) => !themeColours.has(name))
        .map((name) => `${relative(root, file)}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
