/**
 * The one file of a `multipart/form-data` call (a CSV import, a G2 file),
 * as every upload handler reads it, and the buffering that lets an
 * audited upload honour an Idempotency-Key (docs/decisions/0067,
 * addendum): a retry is known by its file's content, which must be read
 * before the write's transaction claims the key.
 */
import type { FileUpload } from '@collective/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Refusal } from './error-replies';

/** The file part of an upload: its stream (`truncated` once cut at the size limit), name and field. */
export interface UploadedPart {
  file: Readable & { truncated?: boolean };
  filename: string;
  fieldname: string;
}

/** A file read ahead by {@link bufferUpload}: `null` when the body held none. */
const buffered = new WeakMap<FastifyRequest, UploadedPart | null>();

/** Whether a multipart file stream stopped at its size limit. */
export function cutAtLimit(file: unknown, error?: unknown): boolean {
  return (
    (file as { truncated?: boolean }).truncated === true ||
    (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/**
 * The one file part of a `multipart/form-data` body, in form field
 * `field`: 415 when the body is not multipart, 400 when the file is
 * missing or in another field. `what` names the file in those messages;
 * `maxBytes` cuts it (see {@link cutAtLimit}). A file
 * {@link bufferUpload} read ahead is given from memory.
 */
export async function uploadedPart(
  request: FastifyRequest,
  what: string,
  field: string,
  maxBytes?: number,
): Promise<UploadedPart> {
  if (!request.isMultipart()) {
    throw new Refusal(
      415,
      'Not a file upload',
      `Send the ${what} as multipart/form-data in the field "${field}".`,
    );
  }
  const part = buffered.has(request)
    ? buffered.get(request)
    : await request.file(
        maxBytes === undefined ? undefined : { limits: { fileSize: maxBytes } },
      );
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new Refusal(
      400,
      'No file',
      `Send the ${what} in the form field "${field}".`,
    );
  }
  return part;
}

/**
 * Reads an upload's file into memory (at most `upload.maxBytes`, then it
 * is marked cut) so {@link uploadedPart} gives it again, and returns the
 * SHA-256 of its field, name and content: what tells a retried upload
 * from another under one Idempotency-Key. `null` when the body is not
 * multipart or holds no file (the handler then refuses it as usual).
 */
export async function bufferUpload(
  request: FastifyRequest,
  upload: FileUpload,
): Promise<string | null> {
  if (!request.isMultipart()) return null;
  const part = await request.file({ limits: { fileSize: upload.maxBytes } });
  if (!part) {
    buffered.set(request, null);
    return null;
  }
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let cut = false;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      hash.update(chunk);
    }
  } catch (error) {
    if (!cutAtLimit(part.file, error)) throw error;
    cut = true;
  }
  const file = Object.assign(Readable.from([Buffer.concat(chunks)]), {
    truncated: cut || cutAtLimit(part.file),
  });
  buffered.set(request, {
    file,
    filename: part.filename,
    fieldname: part.fieldname,
  });
  return hash
    .update(`\n${part.fieldname}\n${part.filename}`)
    .digest('base64url');
}
