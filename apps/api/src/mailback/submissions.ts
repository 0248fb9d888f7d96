import {
  MAILBACK_STATES,
  type MailbackRequest,
  type MailbackStatus,
  type MailbackSubmission,
  type TenantCode,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { isoTime } from '../db/iso-time';
import { notFound, Refusal, staleVersion } from '../http/error-replies';
import { countSubmission } from './rate-limit';
import { maskEmail, maskName, maskPostalCode, MASK, REDACTED } from './masking';

/** A submission's row as stored. */
export interface SubmissionRow {
  id: number;
  tenant: string;
  form_version_id: number;
  form_version: number;
  status: MailbackStatus;
  name: string | null;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  postal_code: string | null;
  state: string;
  region: string;
  products: { brand_id: number; count: number }[];
  items: number;
  tracking_number: string | null;
  label_sent_at: Date | null;
  shipped_at: Date | null;
  received_at: Date | null;
  received_weight_kg: number | null;
  shipment_id: number | null;
  shipment_ref: string | null;
  notes: { at: string; by: string; text: string }[];
  redacted_at: Date | null;
  version: number;
  created_at: Date;
}

/** The columns of {@link SubmissionRow}, over `s` joined with its form version `fv`. */
export const SUBMISSION_COLUMNS = `s.id, s.tenant, s.form_version_id,
  fv.version AS form_version, s.status, s.name, s.email, s.address_line1,
  s.address_line2, s.city, s.postal_code, s.state, s.region, s.products,
  s.items, s.tracking_number, s.label_sent_at, s.shipped_at, s.received_at,
  s.received_weight_kg::float8 AS received_weight_kg, s.shipment_id, s.shipment_ref,
  s.notes, s.redacted_at, s.version, s.created_at`;

/** `MB-2041` → 2041. */
export function submissionNumber(reference: string): number {
  return Number(reference.slice(3));
}

/** 2041 → `MB-2041`, the identifier people see. */
export function submissionReference(id: number): string {
  return `MB-${id}`;
}

/** The tenant of a call: the one it named, or the main tenant. */
export function tenantOf(tenant: TenantCode | undefined): TenantCode {
  return tenant ?? 'pact';
}

/** The personal data of a row: as stored, masked, or the redaction mark. */
export function personOf(row: SubmissionRow, reveal: boolean) {
  if (row.redacted_at) {
    return {
      name: REDACTED,
      email: REDACTED,
      address_line1: REDACTED,
      address_line2: '',
      city: REDACTED,
      state: row.state,
      postal_code: REDACTED,
    };
  }
  if (reveal) {
    return {
      name: row.name ?? '',
      email: row.email ?? '',
      address_line1: row.address_line1 ?? '',
      address_line2: row.address_line2 ?? '',
      city: row.city ?? '',
      state: row.state,
      postal_code: row.postal_code ?? '',
    };
  }
  return {
    name: maskName(row.name ?? ''),
    email: maskEmail(row.email ?? ''),
    address_line1: MASK,
    address_line2: row.address_line2 ? MASK : '',
    city: maskName(row.city ?? ''),
    state: row.state,
    postal_code: maskPostalCode(row.postal_code ?? ''),
  };
}

/** Reads one submission of the tenant, locked for a write when `forUpdate`; 404 when absent. */
export async function findSubmission(
  db: SqlRunner,
  tenant: TenantCode,
  reference: string,
  forUpdate = false,
): Promise<SubmissionRow> {
  const [row] = await db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM mailback_submissions s
       JOIN mailback_form_versions fv ON fv.id = s.form_version_id
      WHERE s.id = $1 AND s.tenant = $2 ${forUpdate ? 'FOR UPDATE OF s' : ''}`,
    [submissionNumber(reference), tenant],
  );
  if (!row) notFound(`There is no mail-back submission ${reference}.`);
  return row;
}

/** Refuses a write made against an older version of the submission (D15): 409 with the current one. */
export function checkVersion(
  row: SubmissionRow,
  version: number,
  current: () => Promise<unknown>,
): Promise<void> {
  if (row.version === version) return Promise.resolve();
  return current().then((submission) =>
    staleVersion('The submission', version, row.version, submission),
  );
}

/** Refuses a write that needs personal data on a redacted submission. */
export function refuseRedacted(row: SubmissionRow): void {
  if (row.redacted_at) {
    throw new Refusal(
      409,
      'Conflict',
      'This submission was redacted: its personal data no longer exists.',
    );
  }
}

/** A submission's detail, masked unless `reveal`, with its products named and its timeline. */
export async function submissionDetail(
  db: SqlRunner,
  row: SubmissionRow,
  reveal: boolean,
): Promise<MailbackSubmission> {
  const reference = submissionReference(row.id);
  const brands = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM members WHERE id = ANY($1::int[])',
    [row.products.map((line) => line.brand_id)],
  );
  const nameOf = new Map(brands.map((brand) => [brand.id, brand.name]));
  const events = await db.query<{
    at: Date;
    action: string;
    by: string | null;
    after: Record<string, unknown> | null;
  }>(
    `SELECT e.at, e.action, u.email AS by, e.after
       FROM audit_events e LEFT JOIN users u ON u.id = e.actor_user_id
      WHERE e.entity = 'mailback_submission' AND e.entity_id = $1
      ORDER BY e.id`,
    [reference],
  );
  return {
    id: reference,
    status: row.status,
    person: personOf(row, reveal),
    revealed: reveal && !row.redacted_at,
    redacted: row.redacted_at !== null,
    region: row.region,
    products: row.products.map((line) => ({
      brand_id: line.brand_id,
      brand: nameOf.get(line.brand_id) ?? `Brand ${line.brand_id}`,
      count: line.count,
    })),
    form_version: row.form_version,
    tracking_number: row.tracking_number,
    label_sent_at: isoTime(row.label_sent_at),
    shipped_at: isoTime(row.shipped_at),
    received_at: isoTime(row.received_at),
    received_weight_kg: row.received_weight_kg,
    shipment_id: row.shipment_id,
    shipment_ref: row.shipment_ref,
    notes: row.notes,
    timeline: events.map((event) => ({
      at: new Date(event.at).toISOString(),
      action: event.action,
      by: event.by,
      detail: timelineDetail(event.action, event.after),
    })),
    version: row.version,
    created_at: new Date(row.created_at).toISOString(),
  };
}

function timelineDetail(
  action: string,
  after: Record<string, unknown> | null,
): string | null {
  if (!after) return null;
  if (action === 'receive') {
    const shipment = after.shipment_id
      ? ` as shipment ${String(after.shipment_id)}`
      : '';
    return `${String(after.received_weight_kg)} kg received${shipment}`;
  }
  if (action === 'mark_label_sent') return 'Label sent';
  if (action === 'create') return `${String(after.items)} items requested`;
  return null;
}

/** What the audit trail keeps of a submission: its figures, never personal data. */
export function auditedFigures(row: SubmissionRow) {
  return {
    status: row.status,
    region: row.region,
    state: row.state,
    items: row.items,
    products: row.products,
    form_version: row.form_version,
    tracking_number: row.tracking_number,
    received_weight_kg: row.received_weight_kg,
    shipment_id: row.shipment_id,
    shipment_ref: row.shipment_ref,
    version: row.version,
  };
}

/**
 * The member a box belongs to (decisions D14): the brand it declares most
 * items of, ties to the lowest id, as the average metrics count a package
 * (docs/decisions/0103).
 */
export function declaringMember(
  products: readonly { brand_id: number; count: number }[],
): number {
  const [first, ...rest] = products;
  if (!first) throw new Error('a submission declares at least one product');
  return rest.reduce(
    (best, line) =>
      line.count > best.count ||
      (line.count === best.count && line.brand_id < best.brand_id)
        ? line
        : best,
    first,
  ).brand_id;
}

/** The public form's live version of a tenant, with the brands it offers. */
export async function liveForm(db: SqlRunner, tenant: TenantCode) {
  const [form] = await db.query<{
    version_id: number;
    title: string;
    consent_text: string;
    brand_ids: number[] | null;
  }>(
    `SELECT fv.id AS version_id, f.title, fv.consent_text, fv.brand_ids
       FROM mailback_forms f
       JOIN mailback_form_versions fv ON fv.form_id = f.id AND fv.status = 'live'
      WHERE f.tenant = $1 ORDER BY f.id LIMIT 1`,
    [tenant],
  );
  if (!form) notFound('There is no mail-back form open on this site.');
  const brands = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM members
      WHERE $1::int[] IS NULL OR id = ANY($1::int[]) ORDER BY name, id`,
    [form.brand_ids],
  );
  return {
    form_version: form.version_id,
    title: form.title,
    fields: { consent_text: form.consent_text, brands },
  };
}

/** An accepted public request: the new submission's row. */
export interface CreatedSubmission {
  row: SubmissionRow;
  reference: string;
}

/**
 * Takes a consumer's request (decisions D19) in the transaction `tx`: the
 * form version must be the tenant's live one and every brand one it offers
 * (400 otherwise), the client address and the email must be under the rate
 * limit (429 with `retryAfterSeconds` otherwise, nothing kept).
 */
export async function createSubmission(
  tx: SqlRunner,
  tenant: TenantCode,
  request: MailbackRequest,
  clientAddress: string,
  now: Date,
): Promise<CreatedSubmission | { retryAfterSeconds: number }> {
  const form = await liveForm(tx, tenant);
  if (form.form_version !== request.form_version) {
    throw new Refusal(
      400,
      'Bad request',
      'form_version is not the form open now; reload the page and send it again.',
    );
  }
  const offered = new Set(form.fields.brands.map((brand) => brand.id));
  const unknown = request.products.find((line) => !offered.has(line.brand));
  if (unknown) {
    throw new Refusal(
      400,
      'Bad request',
      `products: brand ${unknown.brand} is not offered by this form; choose one of its brands.`,
    );
  }
  const brands = new Set<number>();
  for (const line of request.products) {
    if (brands.has(line.brand)) {
      throw new Refusal(
        400,
        'Bad request',
        `products: brand ${line.brand} is listed twice; give each brand once with its count.`,
      );
    }
    brands.add(line.brand);
  }
  const limited = await countSubmission(
    tx,
    { address: clientAddress, email: request.email },
    now,
  );
  if (limited) return limited;
  const products = request.products.map((line) => ({
    brand_id: line.brand,
    count: line.count,
  }));
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO mailback_submissions
       (tenant, form_version_id, status, name, email, address_line1,
        address_line2, city, postal_code, state, region, products, items,
        created_at)
     VALUES ($1, $2, 'submitted', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     RETURNING id`,
    [
      tenant,
      form.form_version,
      request.name,
      request.email,
      request.address_line1,
      request.address_line2,
      request.city,
      request.postal_code,
      request.state,
      MAILBACK_STATES[request.state],
      JSON.stringify(products),
      products.reduce((sum, line) => sum + line.count, 0),
      now,
    ],
  );
  const reference = submissionReference(created!.id);
  return { row: await findSubmission(tx, tenant, reference), reference };
}
