/**
 * The source the endpoint generator writes: contract schemas and entry, the
 * server's handler stub, and its test. Plain strings, formatted afterwards
 * with Prettier (`formatFiles`).
 */
import {
  jsDoc,
  lineComment,
  type NamedImport,
} from '../source/typescript-source';
import { brandUserAllowed, isIdParam, type EndpointNames } from './names';

/** Largest page and longest search of a generated list, and its default page. */
export const LIST_LIMITS = {
  maxPageSize: 100,
  maxSearchLength: 100,
  defaultPageSize: 20,
};

/** Demo accounts the generated test signs in as (README, decisions D11). */
export const TEST_ACCOUNTS = {
  collectiveAdmin: 'admin@pact.test',
  superAdmin: 'super@pact.test',
  brandUser: 'brand.admin@kiehls.test',
} as const;
/** The brand user's member and another member of the demo data. */
const OWN_MEMBER = { id: 2, name: "Kiehl's" };
const OTHER_MEMBER = { id: 3, name: 'Lumen Skincare' };
/** A member id that names no member of the demo data. */
const MISSING_MEMBER = 999_999;

const RECORD_ID_TEXT = (label: string) => `v.pipe(
    v.string(),
    v.regex(/^[1-9]\\d{0,9}$/, '${label} must be a positive whole number'),
    v.transform(Number),
    v.maxValue(MAX_RECORD_ID, \`${label} must be at most \${MAX_RECORD_ID}\`),
  )`;

/** The schemas of one entry, and what they import from `./data-schemas`. */
export function schemasCode(n: EndpointNames): {
  /** What the schemas import, by module of the contract (`./data-schemas`, `./common-schemas`). */
  imports: Record<string, NamedImport[]>;
  code: string;
} {
  const s = n.schemas;
  const imports = new Set<string>();
  const common = new Set<string>(['answerSchema']);
  const parts: string[] = [];
  if (n.list) {
    parts.push(`/* ------------------------------------------------------------------ */
/* ${`${n.method} ${n.path}`.padEnd(66)} */
/* ------------------------------------------------------------------ */

/** Sort orders of ${n.method} ${n.path}; a leading \`-\` is descending. */
export const ${s.sorts} = ['name', '-name'] as const;
/** A sort order of ${n.method} ${n.path}. */
export type ${s.sortType} = (typeof ${s.sorts})[number];

/** Largest page of ${n.method} ${n.path}. */
export const ${s.maxPageSize} = ${LIST_LIMITS.maxPageSize};
/** Longest search text of ${n.method} ${n.path}. */
export const ${s.maxSearchLength} = ${LIST_LIMITS.maxSearchLength};`);
  } else {
    parts.push(`/* ------------------------------------------------------------------ */
/* ${`${n.method} ${n.path}`.padEnd(66)} */
/* ------------------------------------------------------------------ */`);
  }

  if (s.params) {
    if (n.params.length === 1 && n.params[0] === 'id') {
      imports.add('recordIdParams');
      parts.push(`/** The \`:id\` of ${n.method} ${n.path}. */
export const ${s.params} = recordIdParams('${n.item.words}');`);
    } else {
      const fields = n.params.map((param) => {
        if (isIdParam(param)) {
          imports.add('MAX_RECORD_ID');
          return `  ${param}: ${RECORD_ID_TEXT(param)},`;
        }
        return `  ${param}: v.pipe(
    v.string(),
    v.regex(/^[\\w-]{1,64}$/, '${param} must be letters, digits, - or _'),
  ),`;
      });
      parts.push(`/** The path parameters of ${n.method} ${n.path}. */
export const ${s.params} = v.strictObject({
${fields.join('\n')}
});`);
    }
  }

  if (s.query) {
    const fields: string[] = [];
    if (n.scoped) {
      imports.add('MemberIdQuery');
      fields.push(`${jsDoc('Honoured for collective admins only; brand users always get their own member (decisions D12).', '  ')}
  member_id: MemberIdQuery,`);
    }
    if (n.list) {
      common.add('searchQuery');
      common.add('oneOf');
      imports.add('pageQuery');
      fields.push(`  search: searchQuery(${s.maxSearchLength}),
  sort: v.optional(oneOf(${s.sorts}, 'sort')),
  ...pageQuery(${s.maxPageSize}),`);
    }
    const what = [
      n.scoped ? 'the member' : '',
      n.list ? 'search, sort and server-side pagination' : '',
    ]
      .filter(Boolean)
      .join('; ');
    parts.push(`${jsDoc(`Query of ${n.method} ${n.path}: ${what}.`)}
export const ${s.query} = v.strictObject({
${fields.join('\n')}
});`);
  }

  const scopeField = n.scoped
    ? `  /** The scope the server answered for, as every data answer states it. */
  scope: AnsweredScopeSchema,\n`
    : '';
  if (n.scoped) imports.add('AnsweredScopeSchema');
  if (n.list) {
    common.add('IdSchema');
    common.add('pageEntries');
    parts.push(`/** One ${n.item.words} as listed. */
export const ${s.item} = v.object({
  id: IdSchema,
  name: v.string(),
});
/** One ${n.item.words} as listed. */
export type ${s.itemType} = v.InferOutput<typeof ${s.item}>;

${jsDoc(`Response of ${n.method} ${n.path}: one page of the ${n.words}${n.scoped ? ' in scope' : ''}.`)}
export const ${s.response} = answerSchema({
${scopeField}  ${n.snakeName}: v.array(${s.item}),
${jsDoc(`Paging; \`total\` counts the ${n.words} matching the search${n.scoped ? ' in scope' : ''}, on all pages.`, '  ')}
  ...pageEntries,
});
/** One page of ${n.words}. */
export type ${s.responseType} = v.InferOutput<typeof ${s.response}>;`);
  } else {
    parts.push(`${jsDoc(`Response of ${n.method} ${n.path}: ${n.summary.charAt(0).toLowerCase()}${n.summary.slice(1)}.`)}
export const ${s.response} = answerSchema({
${scopeField}});
/** ${n.summary}. */
export type ${s.responseType} = v.InferOutput<typeof ${s.response}>;`);
  }
  return {
    imports: {
      './data-schemas': [...imports].sort().map((name) => ({ name })),
      './common-schemas': [...common].sort().map((name) => ({ name })),
    },
    code: `${parts.join('\n\n')}\n`,
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A new table module of a resource's calls, empty: entries go above its last line. */
export function tableFileCode(resource: string, tableName: string): string {
  return `import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';

/*
 * The ${resource} resource of the API contract: its schemas, then the table
 * of its calls. Every query value is text on the wire; the schemas turn it
 * into numbers where the server needs them, and the client sends the text
 * form.
 */

/**
 * The calls of the ${resource} resource (its screens import this table, not
 * the \`endpoints\` aggregate, so their chunks carry these schemas only).
 */
export const ${tableName} = /* @__PURE__ */ named({
} as const satisfies Record<string, Endpoint>);
`;
}

/** The entry in its resource's table. */
export function entryCode(n: EndpointNames): string {
  const s = n.schemas;
  const lines = [
    `method: '${n.method}',`,
    `path: '${n.path}',`,
    `summary: ${quote(n.summary)},`,
    `resource: '${n.resource}',`,
    ...(s.params ? [`params: ${s.params},`] : []),
    ...(s.query ? [`query: ${s.query},`] : []),
    `response: ${s.response},`,
    `auth: 'session',`,
    // Always written: the contract has no default audience.
    `audience: '${n.audience}',`,
    ...(n.scoped ? ['scoped: true,'] : []),
  ];
  return `  ${n.name}: {\n${lines.map((line) => `    ${line}`).join('\n')}\n  },\n`;
}

function quote(text: string): string {
  return text.includes("'")
    ? JSON.stringify(text)
    : `'${text.replace(/\\/g, '\\\\')}'`;
}

/** What a handler stub needs in its routes file besides itself. */
export interface HandlerNeeds {
  /** Named imports from `@collective/api-client/contract`. */
  contract: NamedImport[];
  /** The scope helper `answeredScope` (imported from data/answered-scope). */
  answeredScope: boolean;
  /** `notFound` of `../http/error-replies`. */
  notFound: boolean;
  /** `askedPage` of `../http/paging`: the page a list call asks for. */
  askedPage: boolean;
  /** Constants declared at the top of the file: `name = value` with a comment. */
  constants: { name: string; value: string; doc: string }[];
}

/** The handler stub in `resourceRoutes({...})`: a valid, empty answer. */
export function handlerCode(n: EndpointNames): {
  code: string;
  needs: HandlerNeeds;
} {
  const needs: HandlerNeeds = {
    contract: [],
    answeredScope: false,
    notFound: false,
    askedPage: false,
    constants: [],
  };
  const doc = jsDoc(
    `${n.method} ${n.path}: ${n.summary.charAt(0).toLowerCase()}${n.summary.slice(1)}.`,
    '  ',
  );
  const scopeText = n.scoped
    ? ' (`scope.memberId`, `null` for the whole collective)'
    : '';
  if (n.list) {
    needs.contract.push({ name: n.schemas.itemType ?? '', type: true });
    needs.constants.push({
      name: n.defaultPageSize ?? '',
      value: String(LIST_LIMITS.defaultPageSize),
      doc: `${capitalized(n.words)} per page of ${n.method} ${n.path} unless asked.`,
    });
    if (n.scoped) needs.answeredScope = true;
    needs.askedPage = true;
    const args = n.scoped ? '{ query, scope, db }' : '{ query }';
    return {
      needs,
      code: `${doc}
  async ${n.name}(${args}) {
    const asked = askedPage(query, ${n.defaultPageSize});
${lineComment(`TODO: read the ${n.words}${scopeText} matching \`query.search\`, in \`query.sort\` order ('name' unless asked), one page (LIMIT asked.page_size OFFSET pageOffset(asked), from ../http/paging), and their total.`, '    ')}
    const rows: ${n.schemas.itemType}[] = [];
    const total = 0;
    return {
      success: true,
${n.scoped ? '      scope: await answeredScope(db, scope.memberId),\n' : ''}      ${n.snakeName}: rows,
      ...asked,
      total,
    };
  },
`,
    };
  }
  if (n.params.length > 0) {
    needs.notFound = true;
    const shown = n.params.map((param) => `\${params.${param}}`).join(', ');
    return {
      needs,
      code: `${doc}
  async ${n.name}({ params }) {
${lineComment(`TODO: read the ${n.item.words} of \`params\`${n.scoped ? " in the caller's data scope (`scope.memberId`, `null` for the whole collective); one outside it is not found either (decisions D12)" : ''}, and answer it.`, '    ')}
    return notFound(\`There is no ${n.item.words} ${shown}${n.scoped ? ' in your data scope' : ''}.\`);
  },
`,
    };
  }
  if (n.scoped) needs.answeredScope = true;
  return {
    needs,
    code: `${doc}
  async ${n.name}(${n.scoped ? '{ scope, db }' : ''}) {
${lineComment(`TODO: read the ${n.words}${scopeText} and add them to the answer (and to its schema).`, '    ')}
    return {
      success: true,
${n.scoped ? '      scope: await answeredScope(db, scope.memberId),\n' : ''}    };
  },
`,
  };
}

/** A new routes file of a resource holding one handler. */
export function routesFileCode(
  n: EndpointNames,
  exportName: string,
  handler: string,
): string {
  return `import { resourceRoutes } from '../http/declare-route';

/**
 * The ${n.resource} resource of the API, declared from its contract entries
 * (docs/decisions/0066): each handler gets its validated input, the caller
 * and the scope, and returns the answer of its response schema.
 */
export const ${exportName} = resourceRoutes({
${handler}});
`;
}

/** The URL the test calls: the path with each parameter filled (`1`, or `0` for a malformed id). */
function urlOf(n: EndpointNames, value: string): string {
  return n.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    isIdParam(name) ? value : 'x1',
  );
}

/** The server test of the entry: who may call it, and (scoped) the scope of its answer. */
export function testCode(n: EndpointNames): string {
  const adminEmail =
    n.audience === 'super-admin'
      ? TEST_ACCOUNTS.superAdmin
      : TEST_ACCOUNTS.collectiveAdmin;
  const adminWords =
    n.audience === 'super-admin' ? 'the super admin' : 'a collective admin';
  const brandAllowed = brandUserAllowed(n.audience);
  const detail = !n.list && n.params.length > 0;
  const url = urlOf(n, '1');
  const schema = n.schemas.response;
  const tests: string[] = [];

  if (detail) {
    tests.push(`  it('answers ${adminWords} 404 for a ${n.item.words} that does not exist', async () => {
    const response = await server.get(URL, admin);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not found' });
  });`);
  } else {
    const expected = n.scoped
      ? `{ scope: { member_id: null, member_name: null }${n.list ? ', page: 1' : ''} }`
      : n.list
        ? '{ page: 1 }'
        : '{}';
    tests.push(`  it('answers ${adminWords}${n.scoped ? ' for the whole collective' : ''}', async () => {
    const response = await server.get(URL, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(${schema}, response.json())).toMatchObject(${expected});
  });`);
  }
  if (brandAllowed) {
    if (detail) {
      tests.push(`  it('answers a brand user 404 too, never 401 or 403', async () => {
    const response = await server.get(URL, brandUser);
    expect(response.statusCode, response.body).toBe(404);
  });`);
    } else {
      tests.push(`  it('answers a brand user${n.scoped ? ' for their own member' : ''}', async () => {
    const response = await server.get(URL, brandUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(${schema}, response.json())).toMatchObject(${n.scoped ? `{ scope: { member_id: ${OWN_MEMBER.id}, member_name: ${JSON.stringify(OWN_MEMBER.name)} } }` : '{}'});
  });`);
    }
  } else {
    tests.push(`  it('refuses a brand user with 403', async () => {
    const response = await server.get(URL, brandUser);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ error: 'Forbidden' });
  });`);
  }
  tests.push(`  it('answers 401 without a session, and with a token that is not one', async () => {
    expect((await server.get(URL)).statusCode).toBe(401);
    expect((await server.get(URL, 'not-a-token')).statusCode).toBe(401);
  });`);
  if (n.scoped && !detail) {
    tests.push(`  it('answers ${adminWords} for the member asked for, and 404 for a member that does not exist', async () => {
    const other = await server.get(\`\${URL}?member_id=${OTHER_MEMBER.id}\`, admin);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({
      scope: { member_id: ${OTHER_MEMBER.id}, member_name: ${JSON.stringify(OTHER_MEMBER.name)} },
    });
    const missing = await server.get(\`\${URL}?member_id=${MISSING_MEMBER}\`, admin);
    expect(missing.statusCode, missing.body).toBe(404);
  });`);
    if (brandAllowed) {
      tests.push(`  it('keeps a brand user to their own member, whatever member_id they send', async () => {
    const response = await server.get(\`\${URL}?member_id=${OTHER_MEMBER.id}\`, brandUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ scope: { member_id: ${OWN_MEMBER.id} } });
  });`);
    }
  }
  if (n.list) {
    tests.push(`  it('refuses a page size over ${LIST_LIMITS.maxPageSize} and an unknown sort with 400', async () => {
    const big = await server.get(\`\${URL}?page_size=${LIST_LIMITS.maxPageSize + 1}\`, admin);
    expect(big.statusCode, big.body).toBe(400);
    const sort = await server.get(\`\${URL}?sort=nonsense\`, admin);
    expect(sort.statusCode, sort.body).toBe(400);
  });`);
  }
  if (n.params.some(isIdParam)) {
    tests.push(`  it('refuses a malformed id with 400', async () => {
    const response = await server.get(${JSON.stringify(urlOf(n, '0'))}, admin);
    expect(response.statusCode, response.body).toBe(400);
  });`);
  }

  const usesSchema = !detail;
  return `${usesSchema ? `import { ${schema} } from '@collective/api-client/contract';\nimport * as v from 'valibot';\n` : ''}import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

const URL = ${JSON.stringify(url)};

${jsDoc(`${n.method} ${n.path} (contract entry \`${n.name}\`): who may call it${n.scoped ? ', and the scope of its answer' : ''}. The test server also checks every answer against the entry's response schema (a 500 otherwise).`)}
describeOnEachDatabase('${n.method} ${n.path}', (engine) => {
  let server: TestServer;
  let admin = '';
  let brandUser = '';

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.login('${adminEmail}');
    brandUser = await server.login('${TEST_ACCOUNTS.brandUser}');
  });
  afterAll(() => server?.close());

${tests.join('\n\n')}
});
`;
}
