/**
 * What the list kit and the form kit cost a screen: builds tiny entries that
 * import parts of @collective/ui from its sources, as the dashboard's build
 * does (Vite 8 / rolldown, minified, React left out: it is in the app's
 * shared chunk already), and prints each entry's JavaScript raw, gzip -9 and
 * brotli 11 (kB = 1000 B, as docs/decisions/0027 counts). It fails when the
 * entry that imports only `Button` contains any TanStack Table or valibot
 * code, since the sign-in page imports ui. Figures are quoted in
 * docs/decisions/0070-list-kit-and-form-kit.md.
 *
 * Run: `npx nx run ui:measure-bundles` (it builds ui first, for the entry
 * that imports the published `dist/index.js`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions } from 'vite';

const workspace = join(import.meta.dirname, '../../..');
// Inside the workspace, so '@collective/ui' resolves to the workspace package.
const dir = join(workspace, 'node_modules/.cache/ui-measure-bundles');

const entries = {
  'button only (the sign-in page)': `export { Button } from '@collective/ui';`,
  'button only, from the published build (dist/index.js)': `export { Button } from '@collective/ui';`,
  '@tanstack/react-table, the parts DataTable uses': `export { useTable, tableFeatures, rowSortingFeature, columnVisibilityFeature } from '@tanstack/react-table';`,
  'DataTable (with TanStack Table, Pagination, DataState)': `export { DataTable } from '@collective/ui';`,
  'list kit (DataTable, FilterBar, ExportButton, SavedViews, useListParams)': `export { DataTable, FilterBar, ExportButton, SavedViews, useListParams } from '@collective/ui';`,
  'list params codec alone (no React use)': `export { parseListParams, listParamsToSearch } from '@collective/ui';`,
  'form kit (useForm, Form, FormField, SubmitButton, FormError, with valibot)': `export { useForm, Form, FormField, SubmitButton, FormError } from '@collective/ui';`,
};

/** Marks of code that must stay out of the sign-in page. */
const FORBIDDEN = [
  ['TanStack Table', /getHeaderGroups|columnVisibility|getVisibleCells/],
  ['valibot', /~standard|~run|safeParse/],
];

function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const rows = [];
let failed = false;
for (const [name, source] of Object.entries(entries)) {
  const file = join(dir, `entry-${rows.length}.js`);
  writeFileSync(file, `${source}\n`);
  const result = await build({
    configFile: false,
    root: dir,
    logLevel: 'error',
    plugins: [react()],
    resolve: {
      // The published build is one file: what a consumer outside the
      // workspace bundles; its tree-shaking must drop the table too.
      conditions: name.includes('published')
        ? defaultClientConditions
        : ['@collective/source', ...defaultClientConditions],
    },
    build: {
      write: false,
      minify: true,
      cssCodeSplit: false,
      rolldownOptions: {
        input: file,
        preserveEntrySignatures: 'exports-only',
        external: [
          'react',
          'react-dom',
          'react/jsx-runtime',
          'react-dom/client',
        ],
      },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result).output;
  const code = output
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
  const css = output
    .filter(
      (asset) => asset.type === 'asset' && asset.fileName.endsWith('.css'),
    )
    .map((asset) => String(asset.source))
    .join('\n');
  const bytes = Buffer.from(code);
  rows.push({
    name,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
    css: gzipSync(Buffer.from(css), { level: 9 }).length,
  });
  for (const [what, mark] of FORBIDDEN) {
    if (name.startsWith('button only') && mark.test(code)) {
      console.error(`✗ ${name}: importing Button pulls in ${what} (${mark}).`);
      failed = true;
    }
    // The marks must find the code where it is, or the check proves nothing.
    if (name.startsWith('list kit') && !mark.test(code)) {
      console.error(`✗ the mark of ${what} (${mark}) no longer finds it.`);
      failed = true;
    }
  }
}
rmSync(dir, { recursive: true, force: true });

console.log('| entry | JS raw | JS gzip | JS brotli | CSS gzip |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows)
  console.log(
    `| ${row.name} | ${kB(row.raw)} | ${kB(row.gzip)} | ${kB(row.brotli)} | ${kB(row.css)} |`,
  );
if (failed) process.exit(1);
console.log(
  '\n✓ importing Button brings no TanStack Table and no valibot code.',
);
