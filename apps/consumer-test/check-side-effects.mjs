#!/usr/bin/env node
/**
 * Checks the `sideEffects` field of every published library against what its
 * built files actually do when imported, as a bundler sees them.
 *
 * `sideEffects: false` lets a bundler drop any import of the package whose
 * bindings go unused, including `import '@collective/ui/styles.css'`; a list
 * keeps the files it names. So:
 *
 * - no built JavaScript entry may do anything at import time (rolldown
 *   bundles a bare `import '<entry>'` with every module treated as
 *   side-effectful, keeping only statements with an effect: nothing may be
 *   left), unless the field names that file;
 * - a package that exports CSS must name its CSS in the field, or a
 *   consumer's `import '…/styles.css'` may vanish from their build;
 * - a package with neither must say `false`, so consumers can tree-shake it.
 *
 * The libraries checked are the projects of `release.projects` in nx.json,
 * the ones `nx release` publishes. Run after they are built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rolldown } from 'rolldown';

const WORKSPACE = join(import.meta.dirname, '../..');

/**
 * @typedef {object} Manifest
 * @property {string} name
 * @property {false | string[] | undefined} sideEffects
 * @property {Record<string, string | Record<string, string>>} exports
 * @property {{ name?: string }} [nx]
 */

/**
 * Whether `file` (relative to the package, `./`-less) matches a
 * `sideEffects` pattern, as webpack reads them: a pattern without a slash
 * matches the file name in any folder.
 * @param {string} file
 * @param {string} pattern
 */
export function matchesSideEffectsPattern(file, pattern) {
  const glob = pattern.includes('/')
    ? pattern.replace(/^\.\//, '')
    : `**/${pattern}`;
  const source = glob
    .split(/(\*\*\/|\*|\?)/)
    .map((part) =>
      part === '**/'
        ? '(?:.*/)?'
        : part === '*'
          ? '[^/]*'
          : part === '?'
            ? '[^/]'
            : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`).test(file);
}

/**
 * What importing a built file does at import time, as code rolldown keeps
 * (empty when nothing). Bare imports stay external: each package answers for
 * its own files.
 * @param {string} file absolute path
 */
async function importTimeCode(file) {
  const entry = '\0side-effect-entry';
  const bundle = await rolldown({
    input: entry,
    plugins: [
      {
        name: 'side-effect-entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? `import ${JSON.stringify(file)};` : null),
      },
    ],
    external: (id) =>
      !id.startsWith('.') && !id.startsWith('/') && id !== entry,
    treeshake: { moduleSideEffects: true },
    logLevel: 'silent',
  });
  try {
    const { output } = await bundle.generate({ format: 'es' });
    return (output[0]?.code ?? '')
      .replace(/^import\s+["'][^"']+["'];?\s*$/gm, '')
      .replace(/^\/\/.*$/gm, '')
      .trim();
  } finally {
    await bundle.close();
  }
}

/**
 * The export targets of a package: built JavaScript and CSS files.
 * @param {Manifest} manifest
 */
function exportedFiles(manifest) {
  /** @type {Set<string>} */
  const js = new Set();
  /** @type {Set<string>} */
  const css = new Set();
  for (const [key, target] of Object.entries(manifest.exports)) {
    if (key === './package.json') continue;
    const file = typeof target === 'string' ? target : target['default'];
    if (!file) continue;
    const path = file.replace(/^\.\//, '');
    if (path.endsWith('.css')) css.add(path);
    else if (path.endsWith('.js')) js.add(path);
  }
  return { js: [...js], css: [...css] };
}

/**
 * The problems of one package's `sideEffects` field; empty when it is right.
 * @param {string} dir absolute folder of the package
 * @returns {Promise<string[]>}
 */
export async function sideEffectsProblems(dir) {
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const where = relative(WORKSPACE, dir) || dir;
  const field = manifest.sideEffects;
  /** @param {string} file */
  const listed = (file) =>
    Array.isArray(field) &&
    field.some((pattern) => matchesSideEffectsPattern(file, pattern));
  const { js, css } = exportedFiles(manifest);
  /** @type {string[]} */
  const problems = [];

  if (field === undefined) {
    problems.push(
      `${where}/package.json has no "sideEffects": say false, or list the files that have effects when imported (e.g. ["**/*.css"]).`,
    );
  }
  let effectful = 0;
  for (const file of js) {
    const path = join(dir, file);
    if (!existsSync(path)) {
      problems.push(
        `${where}/${file} is missing: build the library first (npx nx build ${manifest.nx?.name ?? manifest.name}).`,
      );
      continue;
    }
    const code = await importTimeCode(path);
    if (code === '') continue;
    effectful += 1;
    if (!listed(file)) {
      problems.push(
        `${where}/${file} does something when imported, but "sideEffects" does not name it, so bundlers may drop it. Make the module free of top-level effects, or list it. It keeps:\n${code.slice(0, 500)}`,
      );
    }
  }
  for (const file of css) {
    if (!listed(file)) {
      problems.push(
        `${where} exports ${file}, but "sideEffects" does not name it, so a consumer's import of it may be dropped from their build: add "**/*.css".`,
      );
    }
  }
  if (Array.isArray(field) && effectful === 0 && css.length === 0) {
    problems.push(
      `${where}: no export has effects when imported, so "sideEffects" should be false (it is ${JSON.stringify(field)}).`,
    );
  }
  return problems;
}

/** The folders of the published libraries: `release.projects` of nx.json, found by their `nx.name`. */
function publishedLibraries() {
  const nxJson = JSON.parse(readFileSync(join(WORKSPACE, 'nx.json'), 'utf8'));
  /** @type {string[]} */
  const projects = [nxJson.release?.projects ?? []].flat();
  if (projects.length === 0) {
    throw new Error('nx.json has no release.projects: nothing to check.');
  }
  return projects.map((name) => {
    for (const dir of [`libs/${name}`, `libs/features/${name}`]) {
      const file = join(WORKSPACE, dir, 'package.json');
      if (
        existsSync(file) &&
        JSON.parse(readFileSync(file, 'utf8')).nx?.name === name
      ) {
        return join(WORKSPACE, dir);
      }
    }
    throw new Error(
      `release project "${name}" is not a library under libs/: check release.projects in nx.json.`,
    );
  });
}

async function main() {
  /** @type {string[]} */
  const problems = [];
  for (const dir of publishedLibraries()) {
    const own = await sideEffectsProblems(dir);
    /** @type {{ name: string, sideEffects: unknown }} */
    const { name, sideEffects } = JSON.parse(
      readFileSync(join(dir, 'package.json'), 'utf8'),
    );
    console.log(
      `${own.length === 0 ? '✔' : '✘'} ${name}: sideEffects ${JSON.stringify(sideEffects)}`,
    );
    problems.push(...own);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n\n')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === import.meta.filename) {
  await main();
}
