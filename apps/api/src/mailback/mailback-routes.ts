import {
  MAILBACK_REGIONS,
  MAILBACK_UNUSED_LABEL_DAYS,
  type TenantCode,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { resourceRoutes, type RouteCall } from '../http/declare-route';
import { askedPage, pageOffset } from '../http/paging';
import { notFound, Refusal } from '../http/error-replies';
import { forgetSubmissionMail, mailFromWrite } from '../mail/mail';
import { REDACTED } from './masking';
import {
  auditedFigures,
  checkVersion,
  createSubmission,
  declaringMember,
  findSubmission,
  liveForm,
  personOf,
  refuseRedacted,
  SUBMISSION_COLUMNS,
  submissionDetail,
  submissionNumber,
  submissionReference,
  tenantOf,
  type SubmissionRow,
} from './submissions';
import { containsPattern, Where } from '../db/where';
import { receiveMailbackShipment } from '../shipments/shipment-writes';

/**
 * The list's filters as SQL over `s`, in the tenant; `afterId` continues a
 * read in id order past the last row read.
 */
function listFilter(
  tenant: TenantCode,
  query: {
    search?: string | undefined;
    status?: string | undefined;
    region?: string | undefined;
    period?: string | undefined;
  },
  afterId?: number,
): Where {
  const where = new Where();
  where.add(`s.tenant = ${where.param(tenant)}`);
  const search = query.search?.trim();
  if (search) {
    const n = where.param(containsPattern(search));
    where.add(`(s.name ILIKE ${n} OR s.email ILIKE ${n} OR s.tracking_number ILIKE ${n}
        OR ('MB-' || s.id) ILIKE ${n})`);
  }
  if (query.status) where.add(`s.status = ${where.param(query.status)}`);
  if (query.region) where.add(`s.region = ${where.param(query.region)}`);
  if (query.period) {
    const n = where.param(query.period);
    where.add(`s.created_at >= (${n} || '-01')::date
        AND s.created_at < ((${n} || '-01')::date + interval '1 month')`);
  }
  if (afterId !== undefined) where.add(`s.id > ${where.param(afterId)}`);
  return where;
}

const ORDER = {
  id: 's.id ASC',
  created: 's.created_at ASC, s.id ASC',
  '-created': 's.created_at DESC, s.id DESC',
  status: 's.status ASC, s.id DESC',
  '-status': 's.status DESC, s.id DESC',
} as const;

async function readRows(
  db: SqlRunner,
  filter: Where,
  order: keyof typeof ORDER,
  limit: number,
  offset = 0,
): Promise<SubmissionRow[]> {
  return db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM mailback_submissions s
       JOIN mailback_form_versions fv ON fv.id = s.form_version_id
      ${filter.sql} ORDER BY ${ORDER[order]}
      LIMIT ${limit} OFFSET ${offset}`,
    filter.params,
  );
}

/** A new tracking number for a prepaid label. */
function trackingNumber(id: number, now: Date): string {
  return `9400${String(now.getTime()).slice(-8)}${String(id).padStart(8, '0')}`;
}

async function detailAfterWrite(
  call: { db: SqlRunner; tenant: TenantCode | undefined },
  reference: string,
) {
  const row = await findSubmission(call.db, tenantOf(call.tenant), reference);
  return { row, submission: await submissionDetail(call.db, row, false) };
}

/** The current submission for a 409 body, masked. */
const currentOf = (db: SqlRunner, row: SubmissionRow) => () =>
  submissionDetail(db, row, false);

/** Who a submission's label mail goes to, and what it is about (D16's outbox). */
function labelMail(row: SubmissionRow) {
  return {
    to: row.email ?? '',
    purpose: 'mailback_label',
    userId: null,
    memberId: null,
    submissionId: row.id,
  };
}

/** A change to one submission, as {@link editSubmission} records it. */
interface Edit {
  before: Record<string, unknown> | null;
  after:
    | Record<string, unknown>
    | ((row: SubmissionRow) => Record<string, unknown>);
}

/**
 * One versioned write on a submission (D15): the row locked, a stale
 * `version` refused with 409 and the current submission, `apply` run, the
 * version counted up; answers the submission after it and the audited change.
 */
async function editSubmission(
  call: {
    db: SqlRunner;
    tenant: TenantCode | undefined;
    params: { id: string };
  },
  version: number,
  apply: (row: SubmissionRow) => Promise<Edit>,
) {
  const { db, tenant, params } = call;
  const row = await findSubmission(db, tenantOf(tenant), params.id, true);
  await checkVersion(row, version, currentOf(db, row));
  const edit = await apply(row);
  await db.query(
    'UPDATE mailback_submissions SET version = version + 1 WHERE id = $1',
    [row.id],
  );
  const after = await detailAfterWrite({ db, tenant }, params.id);
  return {
    answer: { submission: after.submission },
    change: {
      id: params.id,
      memberId: null,
      before: edit.before,
      after:
        typeof edit.after === 'function' ? edit.after(after.row) : edit.after,
    },
  };
}

async function formsAnswer(db: SqlRunner, tenant: TenantCode) {
  const forms = await db.query<{ id: number; title: string }>(
    'SELECT id, title FROM mailback_forms WHERE tenant = $1 ORDER BY id',
    [tenant],
  );
  const members = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM members ORDER BY name, id',
  );
  const answer = [];
  for (const form of forms) {
    const versions = await db.query<{
      id: number;
      version: number;
      status: 'draft' | 'live' | 'closed';
      consent_text: string;
      brand_ids: number[] | null;
      published_at: Date | null;
      submissions: number;
      revision: number;
    }>(
      `SELECT fv.id, fv.version, fv.status, fv.consent_text, fv.brand_ids,
              fv.published_at, fv.revision,
              (SELECT count(*)::int FROM mailback_submissions s
                WHERE s.form_version_id = fv.id) AS submissions
         FROM mailback_form_versions fv WHERE fv.form_id = $1
        ORDER BY fv.version DESC`,
      [form.id],
    );
    const [funnel] = await db.query<{
      submitted: number;
      label_sent: number;
      received: number;
    }>(
      `SELECT count(*)::int AS submitted,
              count(*) FILTER (WHERE s.label_sent_at IS NOT NULL)::int AS label_sent,
              count(*) FILTER (WHERE s.received_at IS NOT NULL)::int AS received
         FROM mailback_submissions s
         JOIN mailback_form_versions fv ON fv.id = s.form_version_id
        WHERE fv.form_id = $1`,
      [form.id],
    );
    const byMonth = await db.query<{ month: string; submissions: number }>(
      `SELECT to_char(date_trunc('month', s.created_at), 'YYYY-MM') AS month,
              count(*)::int AS submissions
         FROM mailback_submissions s
         JOIN mailback_form_versions fv ON fv.id = s.form_version_id
        WHERE fv.form_id = $1 GROUP BY 1 ORDER BY 1`,
      [form.id],
    );
    answer.push({
      id: form.id,
      title: form.title,
      versions: versions.map((version) => ({
        id: version.id,
        version: version.version,
        status: version.status,
        fields: {
          consent_text: version.consent_text,
          brands: members.filter(
            (member) =>
              version.brand_ids === null ||
              version.brand_ids.includes(member.id),
          ),
        },
        published_at: version.published_at
          ? new Date(version.published_at).toISOString()
          : null,
        submissions: version.submissions,
        revision: version.revision,
      })),
      funnel: funnel ?? { submitted: 0, label_sent: 0, received: 0 },
      by_month: byMonth,
    });
  }
  return { forms: answer };
}

/** A write to a form's versions: the forms as they are now, and the audited change of form `formId`. */
async function formsWritten(
  db: SqlRunner,
  tenant: TenantCode,
  formId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  return {
    answer: await formsAnswer(db, tenant),
    change: { id: formId, memberId: null, before, after },
  };
}

/** The tenant's form `id`, locked for a change of its versions; 404 when absent. */
async function lockedForm(db: SqlRunner, tenant: TenantCode, id: number) {
  const [form] = await db.query<{ id: number }>(
    'SELECT id FROM mailback_forms WHERE id = $1 AND tenant = $2 FOR UPDATE',
    [id, tenant],
  );
  if (!form) notFound(`There is no mail-back form ${id}.`);
  return form;
}

/** `brandIds` once each, every one a member brand (400 naming the first that is not). */
async function knownBrands(
  db: SqlRunner,
  brandIds: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(brandIds)];
  const known = await db.query<{ id: number }>(
    'SELECT id FROM members WHERE id = ANY($1::int[])',
    [unique],
  );
  const missing = unique.find(
    (id) => !known.some((member) => member.id === id),
  );
  if (missing !== undefined) {
    throw new Refusal(
      400,
      'Bad request',
      `brand_ids: there is no member brand ${missing}.`,
    );
  }
  return unique;
}

/**
 * The draft `version` of form `formId`, at the `revision` the caller read:
 * 404 when there is no such version, 409 with the forms when it is live or
 * closed (only a draft changes) or when the revision is stale (D15).
 */
async function draftAt(
  db: SqlRunner,
  tenant: TenantCode,
  formId: number,
  version: number,
  revision: number,
) {
  const [draft] = await db.query<{
    id: number;
    version: number;
    status: string;
    consent_text: string;
    brand_ids: number[] | null;
    revision: number;
  }>(
    `SELECT id, version, status, consent_text, brand_ids, revision
       FROM mailback_form_versions WHERE form_id = $1 AND version = $2`,
    [formId, version],
  );
  if (!draft) notFound(`Form ${formId} has no version ${version}.`);
  if (draft.status !== 'draft') {
    throw new Refusal(
      409,
      'Conflict',
      `Version ${version} is ${draft.status}: only a draft can be edited or published; save a new draft instead.`,
      { current: await formsAnswer(db, tenant) },
    );
  }
  if (draft.revision !== revision) {
    throw new Refusal(
      409,
      'Conflict',
      `The draft of version ${version} changed since you read it (revision ${revision}, now ${draft.revision}); nothing was saved. Reload it and try again.`,
      { current: await formsAnswer(db, tenant) },
    );
  }
  return draft;
}

/** The masked list row of a submission. */
function listRow(row: SubmissionRow) {
  const person = personOf(row, false);
  return {
    id: submissionReference(row.id),
    status: row.status,
    name: person.name,
    email: person.email,
    region: row.region,
    items: row.items,
    tracking_number: row.tracking_number,
    form_version: row.form_version,
    created_at: new Date(row.created_at).toISOString(),
    redacted: row.redacted_at !== null,
  };
}

/** The public form's answer to a refused client: 429 with Retry-After. */
function refuseTooMany(
  call: RouteCall<'submitMailback'>,
  retryAfterSeconds: number,
): never {
  call.reply.header('retry-after', String(retryAfterSeconds));
  throw new Refusal(
    429,
    'Too many requests',
    `Too many label requests from this address or email; try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
  );
}

/**
 * Consumer mail-back (decisions D19): the public form's two calls and the
 * collective admins' calls that run the programme, every one concealed
 * behind the mailBack flag and the audience (404 to anyone else).
 */
export const mailbackRoutes = resourceRoutes({
  async publicMailbackForm({ db, tenant }) {
    return liveForm(db, tenantOf(tenant));
  },

  async submitMailback(call) {
    const { db, tenant, body, now, request } = call;
    const created = await createSubmission(
      db,
      tenantOf(tenant),
      body,
      request.ip,
      now,
    );
    if ('retryAfterSeconds' in created) {
      refuseTooMany(call, created.retryAfterSeconds);
    }
    return {
      answer: {
        reference: created.reference,
        message: `Thank you. Your request ${created.reference} is in; your prepaid label will arrive by email.`,
      },
      change: {
        id: created.reference,
        memberId: null,
        before: null,
        after: auditedFigures(created.row),
      },
    };
  },

  async mailbackSubmissions({ db, tenant, query }) {
    const asked = askedPage(query, 25);
    const filter = listFilter(tenantOf(tenant), query);
    const [count] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mailback_submissions s ${filter.sql}`,
      filter.params,
    );
    const rows = await readRows(
      db,
      filter,
      query.sort ?? '-created',
      asked.page_size,
      pageOffset(asked),
    );
    return {
      submissions: rows.map(listRow),
      ...asked,
      total: count?.n ?? 0,
    };
  },

  async mailbackSubmissionsExport({ db, tenant, query, now }) {
    const personal = query.personal === 'true';
    const t = tenantOf(tenant);
    const members = new Map(
      (
        await db.query<{ id: number; name: string }>(
          'SELECT id, name FROM members',
        )
      ).map((member) => [member.id, member.name]),
    );
    const batch = 500;
    async function* rows() {
      // In id order, each batch after the last row read (no OFFSET scan).
      for (let last: number | undefined; ; ) {
        const page = await readRows(
          db,
          listFilter(t, query, last),
          'id',
          batch,
        );
        last = page.at(-1)?.id;
        for (const row of page) {
          const person = personOf(row, personal);
          yield {
            id: submissionReference(row.id),
            status: row.status,
            created_at: new Date(row.created_at).toISOString(),
            region: row.region,
            state: row.state,
            items: row.items,
            products: row.products
              .map(
                (line) =>
                  `${members.get(line.brand_id) ?? line.brand_id} × ${line.count}`,
              )
              .join('; '),
            tracking_number: row.tracking_number ?? '',
            received_weight_kg:
              row.received_weight_kg === null
                ? ''
                : String(row.received_weight_kg),
            name: personal || row.redacted_at ? person.name : '',
            email: personal || row.redacted_at ? person.email : '',
            address:
              personal || row.redacted_at
                ? row.redacted_at
                  ? REDACTED
                  : [
                      person.address_line1,
                      person.address_line2,
                      person.city,
                      `${person.state} ${person.postal_code}`,
                    ]
                      .filter(Boolean)
                      .join(', ')
                : '',
          };
        }
        if (page.length < batch) return;
      }
    }
    return {
      filename: `mailback-submissions-${now.toISOString().slice(0, 10)}.csv`,
      rows: rows(),
    };
  },

  async mailbackSubmission({ db, tenant, params }) {
    const row = await findSubmission(db, tenantOf(tenant), params.id);
    return { submission: await submissionDetail(db, row, false) };
  },

  async revealMailbackSubmission({ db, tenant, params }) {
    const row = await findSubmission(db, tenantOf(tenant), params.id, true);
    refuseRedacted(row);
    return {
      answer: { submission: await submissionDetail(db, row, true) },
      change: {
        id: params.id,
        memberId: null,
        before: null,
        after: { revealed: ['name', 'email', 'address'] },
      },
    };
  },

  async markMailbackLabelsSent(call) {
    const { db, tenant, body, now } = call;
    const t = tenantOf(tenant);
    const ids = [...new Set(body.ids)];
    const rows = await db.query<SubmissionRow>(
      `SELECT ${SUBMISSION_COLUMNS} FROM mailback_submissions s
         JOIN mailback_form_versions fv ON fv.id = s.form_version_id
        WHERE s.tenant = $1 AND s.id = ANY($2::int[])
        ORDER BY s.id FOR UPDATE OF s`,
      [t, ids.map(submissionNumber)],
    );
    if (rows.length < ids.length) {
      const found = new Set(rows.map((row) => submissionReference(row.id)));
      notFound(
        `There is no mail-back submission ${ids.find((id) => !found.has(id))}.`,
      );
    }
    const marked: { id: string; tracking: string }[] = [];
    for (const row of rows) {
      if (row.status !== 'submitted' || row.redacted_at) continue;
      const tracking = trackingNumber(row.id, now);
      await db.query(
        `UPDATE mailback_submissions
            SET status = 'label_sent', tracking_number = $2, label_sent_at = $3,
                version = version + 1
          WHERE id = $1`,
        [row.id, tracking, now],
      );
      await mailFromWrite(call, {
        ...labelMail(row),
        subject: `Your mail-back label ${submissionReference(row.id)}`,
        body: `Hello ${row.name ?? ''},\n\nyour prepaid label (tracking ${tracking}) is attached. Pack your empties, stick the label on the box and drop it at any post office.\n`,
      });
      marked.push({ id: submissionReference(row.id), tracking });
    }
    return {
      answer: { marked: marked.length, skipped: rows.length - marked.length },
      // One audit event per submission, found by its own entity id.
      change: marked.map(({ id, tracking }) => ({
        id,
        memberId: null,
        before: { status: 'submitted' },
        after: { status: 'label_sent', tracking_number: tracking },
      })),
    };
  },

  async receiveMailbackSubmission(call) {
    const { db, params, body, now, caller } = call;
    return editSubmission(call, body.version, async (row) => {
      if (row.status !== 'label_sent' && row.status !== 'in_transit') {
        throw new Refusal(
          409,
          'Conflict',
          row.status === 'received'
            ? `${params.id} was received already.`
            : `${params.id} has no label yet; mark its label sent first.`,
        );
      }
      // The box becomes a shipment with a receipt of its weight (D14).
      const shipmentId = await receiveMailbackShipment(db, {
        trackingNumber: row.tracking_number ?? '',
        memberId: declaringMember(row.products),
        items: row.items,
        weightKg: body.weight_kg,
        labelSentAt: row.label_sent_at,
        shippedAt: row.shipped_at,
        receivedBy: caller.user,
        now,
      });
      await db.query(
        `UPDATE mailback_submissions
            SET status = 'received', received_at = $2, received_weight_kg = $3,
                shipment_id = $4
          WHERE id = $1`,
        [row.id, now, body.weight_kg, shipmentId],
      );
      return { before: auditedFigures(row), after: auditedFigures };
    });
  },

  async resendMailbackLabel(call) {
    const { params, body } = call;
    return editSubmission(call, body.version, async (row) => {
      refuseRedacted(row);
      if (!row.tracking_number) {
        throw new Refusal(
          409,
          'Conflict',
          `${params.id} has no label yet; mark its label sent first.`,
        );
      }
      await mailFromWrite(call, {
        ...labelMail(row),
        subject: `Your mail-back label ${params.id} (sent again)`,
        body: `Hello ${row.name ?? ''},\n\nhere is your prepaid label again (tracking ${row.tracking_number}).\n`,
      });
      return {
        before: null,
        after: { label_mail: 'queued', tracking_number: row.tracking_number },
      };
    });
  },

  async addMailbackNote(call) {
    const { db, body, caller, now } = call;
    return editSubmission(call, body.version, async (row) => {
      refuseRedacted(row);
      const note = {
        at: now.toISOString(),
        by: caller.user.email,
        text: body.text,
      };
      await db.query(
        'UPDATE mailback_submissions SET notes = notes || $2::jsonb WHERE id = $1',
        [row.id, JSON.stringify([note])],
      );
      // The note's text may name the person: the trail keeps only that one was added.
      return {
        before: { notes: row.notes.length },
        after: { notes: row.notes.length + 1 },
      };
    });
  },

  async redactMailbackSubmission(call) {
    const { db, params, body, now } = call;
    return editSubmission(call, body.version, async (row) => {
      if (body.confirm.trim() !== params.id) {
        throw new Refusal(
          400,
          'Bad request',
          `confirm must be the submission id, ${params.id}, typed again.`,
        );
      }
      refuseRedacted(row);
      await db.query(
        `UPDATE mailback_submissions
            SET name = NULL, email = NULL, address_line1 = NULL,
                address_line2 = NULL, city = NULL, postal_code = NULL,
                notes = '[]', redacted_at = $2
          WHERE id = $1`,
        [row.id, now],
      );
      await forgetSubmissionMail(db, row.id);
      return { before: { redacted: false }, after: { redacted: true } };
    });
  },

  async mailbackSummary({ db, tenant, now }) {
    const t = tenantOf(tenant);
    const [totals] = await db.query<{
      submitted: number;
      labels_sent: number;
      in_transit: number;
      received: number;
      unused_labels: number;
      received_weight_kg: number;
      avg_weight_kg: number;
      avg_items: number;
    }>(
      `SELECT count(*)::int AS submitted,
              count(*) FILTER (WHERE label_sent_at IS NOT NULL)::int AS labels_sent,
              count(*) FILTER (WHERE status = 'in_transit')::int AS in_transit,
              count(*) FILTER (WHERE status = 'received')::int AS received,
              count(*) FILTER (WHERE status = 'label_sent'
                AND label_sent_at < $2::timestamptz - make_interval(days => $3))::int
                AS unused_labels,
              coalesce(sum(received_weight_kg), 0)::float8 AS received_weight_kg,
              coalesce(round(avg(received_weight_kg), 3), 0)::float8 AS avg_weight_kg,
              coalesce(round(avg(items) FILTER (WHERE status = 'received'), 2), 0)::float8
                AS avg_items
         FROM mailback_submissions WHERE tenant = $1`,
      [t, now, MAILBACK_UNUSED_LABEL_DAYS],
    );
    const regions = await db.query<{
      region: string;
      labels_sent: number;
      in_transit: number;
      received: number;
    }>(
      `SELECT region,
              count(*) FILTER (WHERE label_sent_at IS NOT NULL)::int AS labels_sent,
              count(*) FILTER (WHERE status = 'in_transit')::int AS in_transit,
              count(*) FILTER (WHERE status = 'received')::int AS received
         FROM mailback_submissions WHERE tenant = $1 GROUP BY region`,
      [t],
    );
    const byRegion = MAILBACK_REGIONS.map(
      (region) =>
        regions.find((row) => row.region === region) ?? {
          region,
          labels_sent: 0,
          in_transit: 0,
          received: 0,
        },
    );
    const byMonth = await db.query<{
      month: string;
      submitted: number;
      labels_sent: number;
      received: number;
      weight_kg: number;
    }>(
      `SELECT to_char(date_trunc('month', created_at), 'YYYY-MM') AS month,
              count(*)::int AS submitted,
              count(*) FILTER (WHERE label_sent_at IS NOT NULL)::int AS labels_sent,
              count(*) FILTER (WHERE status = 'received')::int AS received,
              coalesce(sum(received_weight_kg), 0)::float8 AS weight_kg
         FROM mailback_submissions WHERE tenant = $1
        GROUP BY 1 ORDER BY 1 DESC LIMIT 12`,
      [t],
    );
    return { ...totals!, by_region: byRegion, by_month: byMonth };
  },

  async mailbackForms({ db, tenant }) {
    return formsAnswer(db, tenantOf(tenant));
  },

  async saveMailbackFormDraft({ db, tenant, params, body }) {
    const t = tenantOf(tenant);
    const form = await lockedForm(db, t, params.id);
    const brandIds = await knownBrands(db, body.brand_ids);
    const [draft] = await db.query<{ version: number }>(
      `SELECT version FROM mailback_form_versions
        WHERE form_id = $1 AND status = 'draft'`,
      [form.id],
    );
    if (draft) {
      throw new Refusal(
        409,
        'Conflict',
        `Version ${draft.version} is a draft already: edit it or publish it before saving another.`,
        { current: await formsAnswer(db, t) },
      );
    }
    const [next] = await db.query<{ version: number }>(
      `INSERT INTO mailback_form_versions
         (form_id, version, status, consent_text, brand_ids)
       SELECT $1, coalesce(max(version), 0) + 1, 'draft', $2, $3::int[]
         FROM mailback_form_versions WHERE form_id = $1
       RETURNING version`,
      [form.id, body.consent_text, brandIds],
    );
    return formsWritten(db, t, form.id, null, {
      draft_version: next!.version,
      consent_text: body.consent_text,
      brand_ids: brandIds,
    });
  },

  async editMailbackFormDraft({ db, tenant, params, body }) {
    const t = tenantOf(tenant);
    const form = await lockedForm(db, t, params.id);
    const draft = await draftAt(db, t, form.id, params.version, body.revision);
    const brandIds = await knownBrands(db, body.brand_ids);
    await db.query(
      `UPDATE mailback_form_versions
          SET consent_text = $2, brand_ids = $3::int[], revision = revision + 1
        WHERE id = $1`,
      [draft.id, body.consent_text, brandIds],
    );
    return formsWritten(
      db,
      t,
      form.id,
      {
        draft_version: draft.version,
        consent_text: draft.consent_text,
        brand_ids: draft.brand_ids,
      },
      {
        draft_version: draft.version,
        consent_text: body.consent_text,
        brand_ids: brandIds,
      },
    );
  },

  async publishMailbackFormVersion({ db, tenant, params, body, caller, now }) {
    const t = tenantOf(tenant);
    const form = await lockedForm(db, t, params.id);
    const draft = await draftAt(db, t, form.id, params.version, body.revision);
    const [live] = await db.query<{ version: number }>(
      `UPDATE mailback_form_versions SET status = 'closed'
        WHERE form_id = $1 AND status = 'live' RETURNING version`,
      [form.id],
    );
    await db.query(
      `UPDATE mailback_form_versions
          SET status = 'live', published_at = $2, published_by = $3,
              revision = revision + 1
        WHERE id = $1`,
      [draft.id, now, caller.user.id],
    );
    return formsWritten(
      db,
      t,
      form.id,
      live ? { live_version: live.version } : null,
      {
        live_version: draft.version,
        consent_text: draft.consent_text,
        brand_ids: draft.brand_ids,
      },
    );
  },
});
