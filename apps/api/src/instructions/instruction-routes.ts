import {
  InstructionPageSchema,
  type InstructionPage,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { isoTime } from '../db/iso-time';
import { contractFields } from '../http/contract-fields';
import { resourceRoutes } from '../http/declare-route';
import { notFound, staleVersion } from '../http/error-replies';
import { renderInstructionMarkdown } from './render-markdown';

interface PageRow {
  slug: string;
  title: string;
  body: string;
  position: number;
  version: number;
  updated_at: Date;
  updated_by: string | null;
}

const PAGE_COLUMNS = `p.slug, p.title, p.body, p.position, p.version, p.updated_at,
  u.name AS updated_by`;

/** One page of the tenant, or `undefined`; locked for a write when `lock`. */
async function readPage(
  db: SqlRunner,
  tenant: string,
  slug: string,
  lock = false,
): Promise<PageRow | undefined> {
  const [row] = await db.query<PageRow>(
    `SELECT ${PAGE_COLUMNS} FROM instruction_pages p
       LEFT JOIN users u ON u.id = p.updated_by
      WHERE p.tenant = $1 AND p.slug = $2${lock ? ' FOR UPDATE OF p' : ''}`,
    [tenant, slug],
  );
  return row;
}

function noPage(slug: string): never {
  return notFound(
    `There is no instruction page "${slug}" on this tenant; choose one from the list.`,
  );
}

/** A page as the contract answers it: its Markdown and its sanitised HTML. */
function toPage(row: PageRow): InstructionPage {
  return contractFields(InstructionPageSchema, {
    ...row,
    updated_at: isoTime(row.updated_at),
    html: renderInstructionMarkdown(row.body),
  });
}

/**
 * What the audit trail keeps of a page: its tenant (the event's own tenant
 * is the header's, absent when a call names none), what an editor changes,
 * and its version.
 */
function audited(row: PageRow, tenant: string) {
  return {
    tenant,
    slug: row.slug,
    title: row.title,
    body: row.body,
    position: row.position,
    version: row.version,
  };
}

/**
 * Instructions (decisions D20; docs/decisions/0097): the how-to pages of
 * the tenant the caller names (`X-Tenant-Code`, pact without it), the same
 * for every member of it:
 * - GET /api/instructions: the pages in order (admins);
 * - GET /api/instructions/:slug: one page, its Markdown and sanitised HTML;
 * - PATCH /api/instructions/:slug: a collective admin's edit at a version
 *   (409 when stale), one audit event with the page before and after;
 * - POST /api/instructions/preview: Markdown rendered as a page would be,
 *   by the same sanitiser; nothing is stored.
 */
export const instructionRoutes = resourceRoutes({
  async instructionPages({ db, tenant = 'pact' }) {
    const rows = await db.query<PageRow>(
      `SELECT p.slug, p.title, p.position, p.version, p.updated_at
         FROM instruction_pages p
        WHERE p.tenant = $1
        ORDER BY p.position, p.slug`,
      [tenant],
    );
    return {
      success: true,
      pages: rows.map((row) => ({
        slug: row.slug,
        title: row.title,
        position: row.position,
        version: row.version,
        updated_at: new Date(row.updated_at).toISOString(),
      })),
    };
  },

  async instructionPage({ params, db, tenant = 'pact' }) {
    const row = await readPage(db, tenant, params.slug);
    if (!row) noPage(params.slug);
    return { success: true, page: toPage(row) };
  },

  async updateInstructionPage({ params, body, caller, db, tenant = 'pact' }) {
    const before = await readPage(db, tenant, params.slug, true);
    if (!before) noPage(params.slug);
    if (before.version !== body.version) {
      staleVersion(
        `The page "${before.title}"`,
        body.version,
        before.version,
        toPage(before),
      );
    }
    const next = {
      title: body.title ?? before.title,
      body: body.body ?? before.body,
      position: body.position ?? before.position,
    };
    if (
      next.title === before.title &&
      next.body === before.body &&
      next.position === before.position
    ) {
      return { answer: { success: true, page: toPage(before) }, change: null };
    }
    await db.query(
      `UPDATE instruction_pages
          SET title = $3, body = $4, position = $5, version = version + 1,
              updated_at = now(), updated_by = $6
        WHERE tenant = $1 AND slug = $2`,
      [
        tenant,
        params.slug,
        next.title,
        next.body,
        next.position,
        caller.user.id,
      ],
    );
    const after = await readPage(db, tenant, params.slug);
    if (!after)
      throw new Error(
        `instruction page ${params.slug} vanished while it was written`,
      );
    return {
      answer: { success: true, page: toPage(after) },
      change: {
        id: params.slug,
        memberId: null,
        before: audited(before, tenant),
        after: audited(after, tenant),
      },
    };
  },

  async previewInstructionPage({ body }) {
    return { success: true, html: renderInstructionMarkdown(body.body) };
  },
});
