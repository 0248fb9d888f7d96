#!/usr/bin/env node
/**
 * Counts the pairs of copied places that issue 19 limits ("at most 25 pairs,
 * boilerplate aside") with the `duplicates` command of the development
 * machines, which lists pairs of places sharing six or more lines of the
 * same text or shape and marks thin or folder-wide shapes `boilerplate`.
 *
 *   node tools/scripts/count-copied-pairs.mjs [--most 200]
 *
 * The detector passes over import lines, but only the first line of a
 * multi-line `import { … } from` statement looks like one to it, and it reads
 * re-exports (`export { … } from`) as code; the conventions ask for explicit
 * named lists in every import and barrel, so those lists are alike by design,
 * not copied logic. So the script copies the tracked source files to a
 * temporary folder with every import and re-export statement blanked (blank
 * lines, so line numbers stay), runs the detector there, and prints the rows
 * it does not mark `boilerplate` and their count. Nothing else is set aside.
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const most = process.argv.includes('--most')
  ? (process.argv[process.argv.indexOf('--most') + 1] ?? '200')
  : '200';
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], {
  encoding: 'utf8',
}).trim();
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard'],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .filter(Boolean);

/**
 * The text of a module with the lines of every import and re-export
 * statement left empty.
 * @param {string} text
 */
function withoutModuleStatements(text) {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^(import\b|export (type )?(\{|\*))/.test(lines[i] ?? '')) continue;
    let end = i;
    while (end < lines.length - 1 && !/;\s*$/.test(lines[end] ?? '')) end++;
    if (!/\bfrom\s+['"]|^import\s+['"]/.test(lines[end] ?? '')) continue;
    for (let j = i; j <= end; j++) lines[j] = '';
    i = end;
  }
  return lines.join('\n');
}

const shadow = mkdtempSync(join(tmpdir(), 'copied-pairs-'));
try {
  for (const file of files) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    const target = join(shadow, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(
      target,
      /\.(m?[jt]sx?|cjs)$/.test(file) ? withoutModuleStatements(text) : text,
    );
  }
  const report = execFileSync(
    'duplicates',
    ['--repo', shadow, '--most', most, '--seconds', '300'],
    { encoding: 'utf8' },
  );
  const rows = report
    .split('\n')
    .filter((line) => /^D\d+ /.test(line) && !/\bboilerplate\b/.test(line));
  for (const row of rows) console.log(row);
  const last = report
    .trim()
    .split('\n')
    .filter((line) => !/^D\d+ /.test(line));
  for (const line of last.slice(1)) console.log(line);
  console.log(`\n${rows.length} pairs not marked boilerplate`);
} finally {
  rmSync(shadow, { recursive: true, force: true });
}
