/**
 * The source the screen generator writes: the data hook, the screen and its
 * test. Plain strings, formatted afterwards with Prettier (`formatFiles`).
 */
import type { ContractEntry } from '../source/contract';
import { jsDoc } from '../source/typescript-source';
import {
  sampleAnswer,
  SHOWN_COLUMNS,
  type EntryShape,
  type ShownField,
} from './analysis';

/** Names of one screen over one entry. */
export interface ScreenPlan {
  /** The route path, e.g. `/regional-summary`. */
  path: string;
  /** The URL its test opens (`:id` → `42`). */
  url: string;
  /** `RegionalSummaryScreen`. */
  component: string;
  /** `regional-summary-screen`. */
  file: string;
  entry: ContractEntry;
  shape: EntryShape;
  /** `useExampleThings`. */
  hook: string;
  /** `ExampleThingsView`: what a list hook is given. */
  view: string;
  /** The data file's module name, `example-things`. */
  dataModule: string;
  /** How the screen imports it: `../data/example-things` (beside a placeholder it replaces) or `../../data/…` (in a folder of its own). */
  dataImport: string;
  /** The entry in words, `example things`; one row, `example thing`. */
  words: string;
  itemWords: string;
}

const CONTRACT = '@collective/api-client/contract';

/** The text a value shows, as a TypeScript expression over `source` (`row`, `answer`). */
export function shownValue(field: ShownField, source: string): string {
  const value = `${source}.${field.name}`;
  const shownAs =
    field.kind === 'number'
      ? `formatNumber(${value})`
      : field.kind === 'date'
        ? `formatDate(${value})`
        : field.kind === 'boolean'
          ? `(${value} ? 'Yes' : 'No')`
          : value;
  if (!field.missing) return shownAs;
  if (field.kind === 'text') return `${value} ?? '–'`;
  return `${value} === null || ${value} === undefined ? '–' : ${shownAs}`;
}

/** The formatters of `@collective/ui` some fields need. */
function formatters(fields: ShownField[]): string[] {
  const used = new Set<string>();
  for (const field of fields) {
    if (field.kind === 'number') used.add('formatNumber');
    if (field.kind === 'date') used.add('formatDate');
  }
  return [...used].sort();
}

function paramsType(params: string[]): string {
  return `{ ${params.map((param) => `${param}: string`).join('; ')} }`;
}

/** The data hook, and its imports, for the feature's `src/data/<module>.ts`. */
export function hookCode(plan: ScreenPlan): {
  imports: { module: string; names: { name: string; type?: boolean }[] }[];
  code: string;
} {
  const { entry, shape } = plan;
  const list = shape.list;
  const params = shape.params;
  const paramsArg = params.length > 0 ? `params: ${paramsType(params)}` : '';
  const paramsInput = params.length > 0 ? 'params, ' : '';
  const imports = [
    {
      module: CONTRACT,
      names: [
        { name: entry.table },
        ...(list?.sort ? [{ name: list.sort.constant, type: true }] : []),
      ],
    },
    {
      module: '@collective/tenancy/react',
      names: [{ name: 'useScopedQuery' }],
    },
  ];
  const where = `${entry.method} ${entry.path}`;
  const scopeWords = entry.scoped
    ? 'in the data scope'
    : "of the user's own records (keyed by the user's scope)";
  if (list) {
    const call = (
      query: string,
    ) => `export function ${plan.hook}(${paramsArg ? `${paramsArg}, ` : ''}view: ${plan.view}) {
  return useScopedQuery(
    ${entry.table}.${entry.name},
    { ${paramsInput}query: ${query} },
    { keepPreviousWhileChanging: ['page'] },
  );
}`;
    const hookDoc = jsDoc(
      `One page of the ${plan.words} ${scopeWords} (${where}). While another page of the same list loads, the page before stays shown (\`isPlaceholderData\`), so Previous and Next keep their place; another scope, search or order never shows the old list.`,
    );
    const viewDoc = jsDoc(
      `What the ${plan.words} list shows: ${list.search ? 'its search, ' : ''}${list.sort ? 'its order, ' : ''}its page and page size.`,
    );
    if (list.search && list.sort) {
      // The kit's list query, as the hand-written list hooks use it.
      imports.push({
        module: '@collective/ui',
        names: [{ name: 'listQuery' }, { name: 'ListQueryView', type: true }],
      });
      return {
        imports,
        code: `${viewDoc}
export type ${plan.view} = ListQueryView<(typeof ${list.sort.constant})[number]>;

${hookDoc}
${call('listQuery(view)')}
`,
      };
    }
    const fields = [
      ...(list.search ? ['  search: string;'] : []),
      ...(list.sort
        ? [`  sort: (typeof ${list.sort.constant})[number] | undefined;`]
        : []),
      '  page: number;',
      '  pageSize: number;',
    ];
    const query = [
      ...(list.search ? ['search: view.search || undefined'] : []),
      ...(list.sort ? ['sort: view.sort'] : []),
      'page: String(view.page)',
      'page_size: String(view.pageSize)',
    ];
    return {
      imports,
      code: `${viewDoc}
export interface ${plan.view} {
${fields.join('\n')}
}

${hookDoc}
${call(`{ ${query.join(', ')} }`)}
`,
    };
  }
  const input = [
    ...(params.length > 0 ? ['params'] : []),
    ...(shape.hasQuery ? ['query: {}'] : []),
  ];
  return {
    imports,
    code: `${jsDoc(`The answer of ${where}, ${scopeWords}.`)}
export function ${plan.hook}(${paramsArg}) {
  return useScopedQuery(${entry.table}.${entry.name}, { ${input.join(', ')} });
}
`,
  };
}

/** The screen component's module. */
export function screenCode(plan: ScreenPlan): string {
  const { shape, entry } = plan;
  const list = shape.list;
  const params = shape.params;
  const readParams =
    params.length > 0
      ? `  const { ${params.map((param) => `${param} = ''`).join(', ')} } = useParams();\n`
      : '';
  const paramsArg = params.length > 0 ? `{ ${params.join(', ')} }` : '';
  const doc = jsDoc(
    `The screen of ${plan.path}: ${list ? `the ${plan.words} ${entry.scoped ? 'of the data scope ' : ''}in a table whose ${list.search ? 'search, ' : ''}${list.sort ? 'order, ' : ''}page and page size live in the URL` : `the answer of ${entry.method} ${entry.path}`}, framed and titled from the route table. It reads ${entry.method} ${entry.path} (contract entry \`${entry.name}\`).`,
  );
  if (list) {
    const uiValues = [
      ...(list.sort ? ['apiSort'] : []),
      'DataTable',
      ...(list.search ? ['FilterBar'] : []),
      ...new Set([...formatters(list.columns), 'formatNumber']),
      'listPagination',
      'useListParams',
    ];
    const uiTypes = ['DataTableColumn', 'ListSpec'];
    const ui = [...uiValues, ...uiTypes.map((name) => `type ${name}`)].sort(
      (a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')),
    );
    const contract = [
      ...(list.sort ? [list.sort.constant] : []),
      `type ${entry.table}`,
      'type ResponseOf',
    ];
    const columns = list.columns.map((column, index) => {
      const parts = [
        `id: '${column.name}'`,
        `header: '${column.label.replace(/'/g, "\\'")}'`,
        `cell: (row) => ${shownValue(column, 'row')}`,
        ...(index === 0 && column.kind === 'text' ? ['rowHeader: true'] : []),
        ...(list.sort?.ids.includes(column.name) ? ['sortable: true'] : []),
        ...(column.kind === 'number' ? ["align: 'end'"] : []),
        ...(index >= SHOWN_COLUMNS
          ? ['hideable: true', 'hiddenByDefault: true']
          : []),
      ];
      return `  { ${parts.join(', ')} },`;
    });
    const sortIds = list.sort
      ? list.sort.ids.map((id) => `'${id}'`).join(', ')
      : '';
    const searchWord = 'search';
    return `import { ${contract.join(', ')} } from '${CONTRACT}';
import { ScreenFrame } from '@collective/nav/react';
import { ${ui.join(', ')} } from '@collective/ui';
import { ${params.length > 0 ? 'useParams, ' : ''}useSearchParams } from 'react-router-dom';
import { ${plan.hook} } from '${plan.dataImport}';

${jsDoc(`One row of the list, as ${entry.method} ${entry.path} sends it.`)}
type Row = ResponseOf<typeof ${entry.table}.${entry.name}>['${list.rowsField}'][number];

/** What the list accepts from its URL: anything else falls back to the defaults. */
const LIST: ListSpec = {
  sortable: [${sortIds}],
  defaultPageSize: ${list.pageSizes[0]},
  pageSizes: [${list.pageSizes.join(', ')}],
${list.search ? `  filters: { ${searchWord}: 'text' },\n` : ''}};

/** The columns of the table; the server sorts by the sortable ones. */
const COLUMNS: readonly DataTableColumn<Row>[] = [
${columns.join('\n')}
];

/** The rows before the first page arrives. */
const NO_ROWS: readonly Row[] = [];

${doc}
export default function ${plan.component}() {
${readParams}  const list = useListParams(LIST, useSearchParams());
  const { state } = list;
${list.search ? `  const search = state.filters['${searchWord}'] ?? '';\n` : ''}  const answer = ${plan.hook}(${paramsArg ? `${paramsArg}, ` : ''}{
${list.search ? '    search,\n' : ''}${list.sort ? `    sort: apiSort(state.sort, ${list.sort.constant}),\n` : ''}    page: state.page,
    pageSize: state.pageSize,
  });
  const page = answer.data;
  return (
    <ScreenFrame>
${
  list.search
    ? `      <FilterBar
        label="Filter ${plan.words}"
        list={list}
        search={{ key: '${searchWord}', label: 'Search ${plan.words}' }}
      />
`
    : ''
}      <DataTable
        caption={page ? \`\${formatNumber(page.total)} ${plan.words}\` : '${capitalized(plan.words)}'}
        columns={COLUMNS}
        rows={page?.${list.rowsField} ?? NO_ROWS}
        getRowId={(row) => ${list.rowId ? 'String(row.id)' : 'JSON.stringify(row)'}}
${list.sort ? '        sort={state.sort}\n        onSortChange={list.setSort}\n' : ''}        status={answer.status}
        isPlaceholder={answer.isPlaceholderData}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        emptyText={${
          list.search
            ? `search ? \`No ${plan.itemWords} matches "\${search}".\` : 'There are no ${plan.words} yet.'`
            : `'There are no ${plan.words} yet.'`
        }}
        pagination={listPagination(list, LIST, page?.total)}
      />
    </ScreenFrame>
  );
}
`;
  }

  const fields = shape.fields;
  const ui = ['DataState', ...formatters(fields), 'queryState'].sort();
  const body =
    fields.length > 0
      ? `        {answer.data ? (
          <dl>
${fields
  .map(
    (field) => `            <dt>${field.label}</dt>
            <dd>{${shownValue(field, 'answer.data')}}</dd>`,
  )
  .join('\n')}
          </dl>
        ) : null}`
      : '        <PendingContent />';
  return `import { ${fields.length > 0 ? '' : 'PendingContent, '}ScreenFrame } from '@collective/nav/react';
import { ${ui.join(', ')} } from '@collective/ui';
${params.length > 0 ? "import { useParams } from 'react-router-dom';\n" : ''}import { ${plan.hook} } from '${plan.dataImport}';

${doc}
export default function ${plan.component}() {
${readParams}  const answer = ${plan.hook}(${paramsArg});
  return (
    <ScreenFrame>
      <DataState
        {...queryState(answer)}
        loadingText="Loading the ${plan.words}…"
      >
${body}
      </DataState>
    </ScreenFrame>
  );
}
`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The screen's test: what it shows of an answer, the scope and list it asks for, and a failure. */
export function testCode(plan: ScreenPlan): string {
  const { shape, entry } = plan;
  const list = shape.list;
  const routed = shape.params.length > 0;
  const render = (who: string, url: string) =>
    routed
      ? `renderWithShell(
    <Routes>
      <Route path="${plan.path}" element={<${plan.component} />} />
    </Routes>,
    { signedInAs: '${who}', route: ${url} },
  )`
      : `renderWithShell(<${plan.component} />, {
    signedInAs: '${who}',
    route: ${url},
  })`;
  const tests: string[] = [];
  if (list) {
    const header = list.columns[0];
    const rowCheck =
      header && header.kind === 'text'
        ? `    for (const row of ANSWER.${list.rowsField}) {
      expect(
        within(table).getByRole('rowheader', { name: String(row.${header.name}) }),
      ).toBeInTheDocument();
    }`
        : `    expect(within(table).getAllByRole('row')).toHaveLength(
      ANSWER.${list.rowsField}.length + 1,
    );`;
    tests.push(`  it('shows the rows of the answer in a table named by their total', async () => {
    answerWith(ANSWER);
    await open('super');
    const table = await screen.findByRole('table', {
      name: \`\${ANSWER.total} ${plan.words}\`,
    });
${rowCheck}
  });`);
    const sent = [
      ...(list.search ? [['search', 'Name']] : []),
      ...(list.sort ? [['sort', `-${list.sort.ids[0]}`]] : []),
      ['page', '2'],
    ];
    const url = `${plan.url}?${sent.map(([k, v]) => `${k}=${v}`).join('&')}`;
    const askedFor = sent.map(([k]) => `the ${k}`);
    tests.push(`  it('asks for ${askedFor.slice(0, -1).join(', ')}${askedFor.length > 1 ? ' and ' : ''}${askedFor.at(-1)} of its URL', async () => {
    const asked = answerWith(ANSWER);
    await open('super', '${url}');
    await screen.findByRole('table');
${sent.map(([k, v]) => `    expect(asked[0]?.get('${k}')).toBe('${v}');`).join('\n')}
  });`);
    tests.push(`  it('says so when there are no ${plan.words}', async () => {
    answerWith({ ...ANSWER, ${list.rowsField}: [], total: 0 });
    await open('super');
    expect(
      await screen.findByText('There are no ${plan.words} yet.'),
    ).toBeInTheDocument();
  });`);
  } else if (shape.fields.length > 0) {
    tests.push(`  it('shows the values of the answer', async () => {
    answerWith(ANSWER);
    await open('super');
    const terms = await screen.findAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual([
${shape.fields.map((field) => `      '${field.label.replace(/'/g, "\\'")}',`).join('\n')}
    ]);
    expect(
      screen.getAllByRole('definition').map((value) => value.textContent),
    ).toEqual([
${shape.fields.map((field) => `      ${shownValue(field, 'ANSWER')},`).join('\n')}
    ]);
  });`);
  } else {
    tests.push(`  it('asks for its answer and shows it once here', async () => {
    const asked = answerWith(ANSWER);
    await open('super');
    expect(
      await screen.findByText('The content of this screen is not available yet.'),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });`);
  }
  if (entry.scoped) {
    tests.push('  itAsksForTheDataScope(answerWith, ANSWER, open);');
  }
  tests.push("  itRetriesAfterAFailure(answerWith, () => open('super'));");

  const testing = ['screen', ...(list ? ['within'] : [])];
  const tenancy = [
    ...(entry.scoped ? ['itAsksForTheDataScope'] : []),
    'renderWithShell',
  ];
  const formats = list ? [] : formatters(shape.fields);
  return `import { ${entry.table} } from '${CONTRACT}';
import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { ${tenancy.join(', ')} } from '@collective/tenancy/testing';
${formats.length > 0 ? `import { ${formats.join(', ')} } from '@collective/ui';\n` : ''}import { answerGet, itRetriesAfterAFailure } from '@collective/ui/testing';
import { ${testing.join(', ')} } from '@testing-library/react';
${routed ? "import { Route, Routes } from 'react-router-dom';\n" : ''}import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import ${plan.component} from './${plan.file}';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

${jsDoc(`An answer of ${entry.method} ${entry.path}; its type is the contract's, so a field it lacks is a type error.`)}
const ANSWER: v.InferInput<(typeof ${entry.table})['${entry.name}']['response']> = ${sampleAnswer(shape.response)};

${jsDoc(`Answers ${entry.method} ${entry.path} with \`answer\` and \`status\`; returns the query of every request, in order.`)}
const answerWith = answerGet(server, \`\${TEST_ORIGIN}${entry.path}\`);

/** Opens the screen at its URL (or \`url\`) signed in as \`who\`. */
function open(who: DemoUserKey, url = '${plan.url}') {
  return ${render('who', 'url').replace("signedInAs: 'who'", 'signedInAs: who')};
}

describe('${plan.component}', () => {
  it('is tested with an answer the contract accepts', () => {
    expect(v.safeParse(${entry.table}.${entry.name}.response, ANSWER).issues).toBeUndefined();
  });

${tests.join('\n\n')}
});
`;
}
