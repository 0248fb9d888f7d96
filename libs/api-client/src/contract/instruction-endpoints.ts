import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  answerSchema,
  IsoTimestampSchema,
  requiredText,
  wholeNumberInput,
} from './common-schemas';
import { VersionSchema, versionedUpdate } from './record-schemas';

/*
 * Instructions (decisions D20; docs/decisions/0097): the program's how-to
 * pages of the active tenant, kept as Markdown, edited by collective
 * admins (versioned, audited) and answered as HTML the server rendered and
 * sanitised, so the screen never parses Markdown or trusts markup.
 */

/** Longest Markdown body of an instruction page, in characters (UTF-16 code units). */
export const MAX_INSTRUCTION_BODY_LENGTH = 20_000;
/** Longest title of an instruction page. */
export const MAX_INSTRUCTION_TITLE_LENGTH = 120;
/** Longest slug (the page's name in the URL). */
export const MAX_INSTRUCTION_SLUG_LENGTH = 60;
/** Highest position of a page in the list. */
export const MAX_INSTRUCTION_POSITION = 999;
/**
 * Largest request body of a page edit or preview, in bytes: room for a
 * body of {@link MAX_INSTRUCTION_BODY_LENGTH} characters however JSON
 * escapes them (6 bytes each at worst), so a body over the character cap
 * gets the contract's 400 naming the cap, never a 413 below it.
 */
export const INSTRUCTION_BODY_LIMIT_BYTES = 128 * 1024;

/** A page's slug: lowercase words of letters and digits joined by `-`, e.g. `packing-a-bin-box`. */
export const InstructionSlugSchema = v.pipe(
  v.string('slug must be a string'),
  v.maxLength(
    MAX_INSTRUCTION_SLUG_LENGTH,
    `slug must be at most ${MAX_INSTRUCTION_SLUG_LENGTH} characters`,
  ),
  v.regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'slug must be lowercase letters and digits joined by "-", like mail-back-rules',
  ),
);

/** The `:slug` of one page. */
export const InstructionSlugParamsSchema = v.strictObject({
  slug: InstructionSlugSchema,
});

/** A page's Markdown: at most {@link MAX_INSTRUCTION_BODY_LENGTH} characters. */
export const InstructionMarkdownSchema = v.pipe(
  v.string('body must be a string'),
  v.maxLength(
    MAX_INSTRUCTION_BODY_LENGTH,
    `body must be at most ${MAX_INSTRUCTION_BODY_LENGTH.toLocaleString('en-US')} characters; split the page in two`,
  ),
);

/** A page as the list shows it: its place, name and version, without its text. */
export const InstructionPageSummarySchema = v.object({
  slug: v.string(),
  title: v.string(),
  position: v.pipe(v.number(), v.integer(), v.minValue(1)),
  version: VersionSchema,
  updated_at: IsoTimestampSchema,
});
/** A page as the list shows it. */
export type InstructionPageSummary = v.InferOutput<
  typeof InstructionPageSummarySchema
>;

/** Response of GET /api/instructions: the tenant's pages in their order. */
export const InstructionPagesSchema = answerSchema({
  pages: v.array(InstructionPageSummarySchema),
});

/**
 * One page: its Markdown (what an editor starts from) and `html`, the
 * Markdown rendered and sanitised by the server (what everyone reads), with
 * who changed it last (`null` for the seeded text).
 */
export const InstructionPageSchema = v.object({
  ...InstructionPageSummarySchema.entries,
  body: v.string(),
  html: v.string(),
  updated_by: v.nullable(v.string()),
});
/** One instruction page with its Markdown and its sanitised HTML. */
export type InstructionPage = v.InferOutput<typeof InstructionPageSchema>;

/** Response of GET /api/instructions/:slug and of an edit. */
export const InstructionPageResponseSchema = answerSchema({
  page: InstructionPageSchema,
});

/** Body of PATCH /api/instructions/:slug: the fields to change, at the version read. */
export const UpdateInstructionPageSchema = versionedUpdate({
  title: requiredText('title', MAX_INSTRUCTION_TITLE_LENGTH),
  body: InstructionMarkdownSchema,
  position: wholeNumberInput('position', 1, MAX_INSTRUCTION_POSITION),
});

/** Body of POST /api/instructions/preview: Markdown to render. */
export const InstructionPreviewRequestSchema = v.strictObject({
  body: InstructionMarkdownSchema,
});

/** Response of POST /api/instructions/preview: the Markdown as a page would show it. */
export const InstructionPreviewSchema = answerSchema({ html: v.string() });

/**
 * The calls of the instructions resource (its screen imports this table,
 * not the `endpoints` aggregate, so its chunk carries these schemas only).
 */
export const instructionEndpoints = /* @__PURE__ */ named({
  instructionPages: {
    method: 'GET',
    path: '/api/instructions',
    summary: "The tenant's instruction pages, in order",
    resource: 'instructions',
    response: InstructionPagesSchema,
    auth: 'session',
    audience: 'admins',
  },
  instructionPage: {
    method: 'GET',
    path: '/api/instructions/:slug',
    summary: 'One instruction page: its Markdown and its sanitised HTML',
    resource: 'instructions',
    params: InstructionSlugParamsSchema,
    response: InstructionPageResponseSchema,
    auth: 'session',
    audience: 'admins',
  },
  updateInstructionPage: {
    method: 'PATCH',
    path: '/api/instructions/:slug',
    summary:
      "Change a page's title, Markdown or position (collective admins; 409 when stale)",
    resource: 'instructions',
    params: InstructionSlugParamsSchema,
    body: UpdateInstructionPageSchema,
    response: InstructionPageResponseSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'instruction_page', action: 'update' },
    bodyLimit: INSTRUCTION_BODY_LIMIT_BYTES,
  },
  previewInstructionPage: {
    method: 'POST',
    path: '/api/instructions/preview',
    summary:
      'Markdown rendered and sanitised as a page would show it; nothing is saved (collective admins)',
    // Its own resource: a preview changes nothing, so it must not refetch the pages.
    resource: 'instruction-previews',
    body: InstructionPreviewRequestSchema,
    response: InstructionPreviewSchema,
    auth: 'session',
    audience: 'collective-admins',
    bodyLimit: INSTRUCTION_BODY_LIMIT_BYTES,
  },
} as const satisfies Record<string, Endpoint>);
