import {
  isTenantCode,
  MAILBACK_STATES,
  MailbackRequestSchema,
  PublicFormSchema,
  type TenantCode,
} from '@collective/api-client/contract';
import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import * as v from 'valibot';
import { TENANT_HEADER } from '../http/tenant-header';
import { helmetHeaders } from '../http/security-headers';
import { sha256Source } from '../dashboard/page-policy';
import { BODY_LIMIT_BYTES } from '../constants';
import { replyToError } from '../http/error-replies';

/** Where the public form lives, outside the signed-in shell (decisions D19). */
export const MAILBACK_PAGE_PATH = '/mail-back';

/** Product lines the page offers; a consumer fills as many as they need. */
const PRODUCT_ROWS = 3;

/** Colours of each tenant's page: its brand colour and a text colour readable on it (AA). */
const PAGE_THEMES: Record<TenantCode, { primary: string; onPrimary: string }> =
  {
    pact: { primary: '#1f6f73', onPrimary: '#ffffff' },
    kiehls: { primary: '#00fba9', onPrimary: '#0b1f17' },
  };

const STYLE = (tenant: TenantCode) => `
:root{--primary:${PAGE_THEMES[tenant].primary};--on-primary:${PAGE_THEMES[tenant].onPrimary};--text:#1b1f23;--muted:#4a5560;--border:#6b7680;--error:#b3261e;--bg:#f7f8f8}
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--bg)}
header{background:var(--primary);color:var(--on-primary);padding:1rem}
header p{margin:0;font-weight:600}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
fieldset{border:1px solid var(--border);border-radius:.5rem;margin:0 0 1rem;padding:.75rem 1rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{width:100%;font:inherit;padding:.5rem;border:1px solid var(--border);border-radius:.375rem;background:#fff;color:var(--text);min-height:2.75rem}
input[type=checkbox]{width:1.5rem;height:1.5rem;min-height:0;margin:.25rem .5rem 0 0;flex:none}
.row{display:flex;gap:.75rem;flex-wrap:wrap}.row>div{flex:1 1 8rem}
.consent{display:flex;align-items:flex-start}.consent label{font-weight:400;margin:0}
.hint{color:var(--muted);font-size:.875rem;margin:.25rem 0 0}
.error{color:var(--error);font-weight:600;margin:.25rem 0 0}
[aria-invalid=true]{border-color:var(--error);border-width:2px}
.summary{border:2px solid var(--error);border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;background:#fff}
.summary h2{font-size:1.125rem;margin:0 0 .5rem}
.summary a{color:var(--error)}
button{font:inherit;font-weight:600;background:var(--primary);color:var(--on-primary);border:2px solid var(--text);border-radius:.375rem;padding:.75rem 1.5rem;min-height:2.75rem;cursor:pointer}
:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.done{background:#fff;border:1px solid var(--border);border-radius:.5rem;padding:1rem}
`;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ] as string,
  );
}

type Form = v.InferOutput<typeof PublicFormSchema>;
type Values = Record<string, string>;
type Errors = Record<string, string>;

/** Headers by page style: one style per tenant, so computed once each. */
const headersByStyle = new Map<string, ReturnType<typeof helmetHeaders>>();

/** The page's headers: helmet's, with a policy that runs no script at all. */
function pageHeaders(style: string) {
  const known = headersByStyle.get(style);
  if (known) return known;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: [sha256Source(style)],
        imgSrc: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  headersByStyle.set(style, headers);
  return headers;
}

function document(
  tenant: TenantCode,
  title: string,
  body: string,
): {
  html: string;
  style: string;
} {
  const style = STYLE(tenant);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<header><p>${tenant === 'kiehls' ? "Kiehl's" : 'Pact Collective'} · Mail-back</p></header>
<main>
${body}
</main>
</body>
</html>`;
  return { html, style };
}

function field(
  name: string,
  label: string,
  values: Values,
  errors: Errors,
  attributes: string,
  hint?: string,
): string {
  const described = [
    hint ? `${name}-hint` : '',
    errors[name] ? `${name}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<div>
<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" value="${escapeHtml(values[name])}" ${attributes}${errors[name] ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : ''}
${errors[name] ? `<p class="error" id="${name}-error">${escapeHtml(errors[name])}</p>` : ''}
</div>`;
}

function formPage(
  tenant: TenantCode,
  form: Form,
  values: Values,
  errors: Errors,
  problem?: string,
) {
  const listed = Object.entries(errors);
  const summary =
    listed.length > 0 || problem
      ? `<div class="summary" role="alert" aria-labelledby="summary-title">
<h2 id="summary-title">${problem ? escapeHtml(problem) : 'Please correct these fields'}</h2>
${listed.length > 0 ? `<ul>${listed.map(([name, message]) => `<li><a href="#${name}">${escapeHtml(message)}</a></li>`).join('')}</ul>` : ''}
</div>`
      : '';
  const states = Object.keys(MAILBACK_STATES)
    .map(
      (code) =>
        `<option${values.state === code ? ' selected' : ''}>${code}</option>`,
    )
    .join('');
  const brandOptions = (row: number) =>
    [`<option value="">Choose</option>`]
      .concat(
        form.fields.brands.map(
          (brand) =>
            `<option value="${brand.id}"${values[`brand_${row}`] === String(brand.id) ? ' selected' : ''}>${escapeHtml(brand.name)}</option>`,
        ),
      )
      .join('');
  const productRows = Array.from({ length: PRODUCT_ROWS }, (_, index) => {
    const row = index + 1;
    const brandError = errors[`brand_${row}`];
    return `<div class="row">
<div><label for="brand_${row}">Brand, product ${row}</label>
<select id="brand_${row}" name="brand_${row}"${row === 1 ? ' required' : ''}${brandError ? ` aria-invalid="true" aria-describedby="brand_${row}-error"` : ''}>${brandOptions(row)}</select>
${brandError ? `<p class="error" id="brand_${row}-error">${escapeHtml(brandError)}</p>` : ''}</div>
${field(`count_${row}`, `Items, product ${row}`, values, errors, `type="number" inputmode="numeric" min="1" max="50"${row === 1 ? ' required' : ''}`)}
</div>`;
  }).join('\n');
  const title = form.title;
  return document(
    tenant,
    `${listed.length > 0 || problem ? 'Error: ' : ''}${title}`,
    `<h1>${escapeHtml(title)}</h1>
<p>Send us your empty beauty packaging: we email you a prepaid label. We ask only what the label needs.</p>
${summary}
<form method="post" action="${MAILBACK_PAGE_PATH}${tenant === 'pact' ? '' : `?tenant=${tenant}`}" novalidate>
<input type="hidden" name="form_version" value="${form.form_version}">
<fieldset><legend>You</legend>
${field('name', 'Full name', values, errors, 'autocomplete="name" maxlength="100" required')}
${field('email', 'Email', values, errors, 'type="email" autocomplete="email" maxlength="254" required', 'Your label arrives here.')}
</fieldset>
<fieldset><legend>Postal address</legend>
${field('address_line1', 'Street and number', values, errors, 'autocomplete="address-line1" maxlength="120" required')}
${field('address_line2', 'Apartment, suite (optional)', values, errors, 'autocomplete="address-line2" maxlength="120"')}
${field('city', 'City', values, errors, 'autocomplete="address-level2" maxlength="80" required')}
<div class="row">
<div><label for="state">State</label>
<select id="state" name="state" autocomplete="address-level1" required${errors.state ? ' aria-invalid="true" aria-describedby="state-error"' : ''}><option value="">Choose</option>${states}</select>
${errors.state ? `<p class="error" id="state-error">${escapeHtml(errors.state)}</p>` : ''}</div>
${field('postal_code', 'ZIP code', values, errors, 'autocomplete="postal-code" inputmode="numeric" maxlength="10" required')}
</div>
</fieldset>
<fieldset><legend>What you will send</legend>
<p class="hint">One line per brand; leave the lines you do not need empty.</p>
${productRows}
${errors.products ? `<p class="error" id="products-error">${escapeHtml(errors.products)}</p>` : ''}
</fieldset>
<div class="consent">
<input type="checkbox" id="consent" name="consent" value="yes" required${values.consent === 'yes' ? ' checked' : ''}${errors.consent ? ' aria-invalid="true" aria-describedby="consent-error"' : ''}>
<label for="consent">${escapeHtml(form.fields.consent_text)}</label>
</div>
${errors.consent ? `<p class="error" id="consent-error">${escapeHtml(errors.consent)}</p>` : ''}
<p><button type="submit">Request my label</button></p>
</form>`,
  );
}

function send(
  reply: FastifyReply,
  status: number,
  page: { html: string; style: string },
) {
  return reply
    .code(status)
    .headers(pageHeaders(page.style))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

function tenantOfQuery(request: FastifyRequest): TenantCode | null {
  const asked = (request.query as { tenant?: unknown }).tenant;
  if (asked === undefined) return 'pact';
  return isTenantCode(asked) ? asked : null;
}

/**
 * What the page tells a consumer whose POST was refused before its fields
 * were read, or `null` for an error that is not theirs (a 5xx). A body
 * over the server's limit keeps its 413 (docs/decisions/0091, addendum).
 */
export function pageProblem(error: FastifyError): string | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return `Your request was too long to read (more than ${BODY_LIMIT_BYTES / 1024} KB), so nothing was kept. A label needs only a name, an email and a postal address: fill the form again with shorter answers.`;
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return 'Your request did not come from this form, so nothing was kept. Fill the form below and send it.';
  }
  return `${error.message} Nothing was kept: fill the form below again and send it.`;
}

/** The request body the API takes, built from the page's form fields. */
export function requestOfForm(values: Values) {
  const products = [];
  for (let row = 1; row <= PRODUCT_ROWS; row += 1) {
    const brand = values[`brand_${row}`] ?? '';
    const count = values[`count_${row}`] ?? '';
    if (brand === '' && count === '') continue;
    products.push({
      brand: /^\d{1,9}$/.test(brand) ? Number(brand) : Number.NaN,
      count: /^\d{1,4}$/.test(count) ? Number(count) : Number.NaN,
    });
  }
  return {
    form_version: Number(values.form_version),
    name: values.name ?? '',
    email: values.email ?? '',
    address_line1: values.address_line1 ?? '',
    address_line2: values.address_line2 ?? '',
    city: values.city ?? '',
    state: values.state ?? '',
    postal_code: values.postal_code ?? '',
    products,
    consent: values.consent === 'yes',
  };
}

/** Field errors of a request, keyed by the page's field names. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)) ?? [];
    let name = path[0] ?? 'form';
    if (name === 'products' && path.length >= 3) {
      name = `${path[2] === 'brand' ? 'brand' : 'count'}_${Number(path[1]) + 1}`;
    }
    const message =
      name === 'products'
        ? 'Choose at least one brand and how many items.'
        : issue.message.replace(/^\w+ (must|is)/, (_, verb: string) =>
            verb === 'must' ? 'This must' : 'This is',
          );
    errors[name] ??= message;
  }
  return errors;
}

const FIELD_NAMES = new Set([
  'form_version',
  'name',
  'email',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'consent',
  ...Array.from({ length: PRODUCT_ROWS }, (_, i) => [
    `brand_${i + 1}`,
    `count_${i + 1}`,
  ]).flat(),
]);

/**
 * The public mail-back form (decisions D19) as a page the server renders:
 * usable with no script at all (a plain form POST, answered with the page
 * again and its errors, or a redirect to the confirmation), themed by
 * tenant (`?tenant=kiehls`), with a policy that allows no script. The POST
 * goes through the API's own call (POST /api/public/mailback/submissions),
 * so validation, the rate limit and the audit event are the API's.
 */
export const mailbackPage: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const values: Values = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        if (!FIELD_NAMES.has(name) || name in values) {
          done(
            Object.assign(
              new Error(`The form field ${name.slice(0, 40)} is not expected.`),
              { statusCode: 400 },
            ),
          );
          return;
        }
        values[name] = value;
      }
      done(null, values);
    },
  );

  async function liveForm(tenant: TenantCode): Promise<Form | null> {
    const response = await app.inject({
      method: 'GET',
      url: '/api/public/mailback/form',
      headers: { [TENANT_HEADER]: tenant },
    });
    return response.statusCode === 200
      ? v.parse(PublicFormSchema, response.json())
      : null;
  }

  const notFoundPage = (reply: FastifyReply) =>
    send(
      reply,
      404,
      document(
        'pact',
        'No mail-back form here',
        '<h1>No mail-back form here</h1><p>This site has no mail-back programme open.</p>',
      ),
    );

  // A POST refused before its fields are read (too large, a field the
  // page has not, another content type) is answered with the page too, not
  // the API's JSON: a consumer sees what happened and the empty form.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const tenant = tenantOfQuery(request);
    const message = pageProblem(error);
    const form = message && tenant ? await liveForm(tenant) : null;
    if (!message || !tenant || !form) {
      return replyToError(error, request, reply);
    }
    return send(
      reply,
      error.statusCode ?? 400,
      formPage(tenant, form, {}, {}, message),
    );
  });

  app.get(MAILBACK_PAGE_PATH, async (request, reply) => {
    const tenant = tenantOfQuery(request);
    const form = tenant && (await liveForm(tenant));
    if (!tenant || !form) return notFoundPage(reply);
    return send(reply, 200, formPage(tenant, form, {}, {}));
  });

  app.post(MAILBACK_PAGE_PATH, async (request, reply) => {
    const tenant = tenantOfQuery(request);
    if (!tenant) return notFoundPage(reply);
    const values = (request.body ?? {}) as Values;
    const body = requestOfForm(values);
    // The live form is read only to draw the page again: a request that
    // passes goes to the API's own call, which reads it itself.
    const again = async (status: number, errors: Errors, message?: string) => {
      const form = await liveForm(tenant);
      if (!form) return notFoundPage(reply);
      return send(
        reply,
        status,
        formPage(tenant, form, values, errors, message),
      );
    };
    const checked = v.safeParse(MailbackRequestSchema, body);
    if (!checked.success) return again(400, fieldErrors(checked.issues));
    const answer = await app.inject({
      method: 'POST',
      url: '/api/public/mailback/submissions',
      headers: { [TENANT_HEADER]: tenant, 'content-type': 'application/json' },
      remoteAddress: request.ip,
      payload: JSON.stringify(body),
    });
    if (answer.statusCode === 201) {
      const { reference } = answer.json<{ reference: string }>();
      return reply.redirect(
        `${MAILBACK_PAGE_PATH}/thanks?ref=${encodeURIComponent(reference)}${tenant === 'pact' ? '' : `&tenant=${tenant}`}`,
        303,
      );
    }
    const refusal = answer.json<{ error: string; message?: string }>();
    if (answer.statusCode === 429) {
      reply.header('retry-after', answer.headers['retry-after']);
    }
    return again(
      answer.statusCode === 429 ? 429 : 400,
      {},
      refusal.message ?? refusal.error,
    );
  });

  app.get(`${MAILBACK_PAGE_PATH}/thanks`, async (request, reply) => {
    const tenant = tenantOfQuery(request) ?? 'pact';
    const ref = String((request.query as { ref?: unknown }).ref ?? '');
    const reference = /^MB-\d{4,9}$/.test(ref) ? ref : null;
    return send(
      reply,
      200,
      document(
        tenant,
        'Thank you: your label is on its way',
        `<h1>Thank you: your label is on its way</h1>
<div class="done" role="status">
${reference ? `<p>Your request number is <strong>${reference}</strong>.</p>` : ''}
<p>Your prepaid label will arrive by email. Pack your empties, stick the label on the box and drop it at any post office.</p>
</div>
<p><a href="${MAILBACK_PAGE_PATH}${tenant === 'pact' ? '' : `?tenant=${tenant}`}">Request another label</a></p>`,
      ),
    );
  });
};
