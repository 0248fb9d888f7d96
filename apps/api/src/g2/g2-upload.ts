/**
 * Receiving a G2 file (docs/decisions/0099): the multipart file spooled to
 * a temporary file while its SHA-256 and size are taken (the size cut at
 * the limit), then its rows staged from that file, a batch at a time.
 * Constant memory whatever the file's size.
 */
import {
  G2_UPLOAD_FIELD,
  MAX_G2_UPLOAD_BYTES,
} from '@collective/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SqlRunner } from '../db/database';
import { Refusal } from '../http/error-replies';
import { cutAtLimit, uploadedPart } from '../http/uploads';
import { g2FormatOf, readG2Csv, readG2Xlsx, type G2FileRow } from './g2-file';
import { checkXlsxArchive } from './xlsx-archive';

/** A received file on disk, with what was learnt while it arrived. */
export interface SpooledFile {
  path: string;
  fileName: string;
  format: 'csv' | 'xlsx';
  hash: string;
  bytes: number;
  /** Deletes the temporary file. */
  remove(): Promise<void>;
}

const tooLarge = () =>
  new Refusal(
    413,
    'File too large',
    `The file is larger than ${MAX_G2_UPLOAD_BYTES / 1024 / 1024} MB; split it into smaller files.`,
  );

/**
 * Spools the uploaded G2 file to a temporary file, hashing and counting it
 * on the way: 413 past {@link MAX_G2_UPLOAD_BYTES} (the rest is not read),
 * 415 for a name that is neither `.csv` nor `.xlsx`, 400 when empty, and
 * 400 for a workbook whose archive fails {@link checkXlsxArchive} (a zip
 * bomb, external links) — all before any transaction opens.
 */
export async function spoolUpload(
  request: FastifyRequest,
): Promise<SpooledFile> {
  const part = await uploadedPart(
    request,
    'G2 file (CSV or XLSX)',
    G2_UPLOAD_FIELD,
  );
  const format = g2FormatOf(part.filename);
  if (!format) {
    part.file.resume();
    throw new Refusal(
      415,
      'Not a G2 file',
      `"${part.filename.slice(0, 80)}" is neither .csv nor .xlsx; save the file as CSV UTF-8 or as an Excel workbook.`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'g2-upload-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, `upload.${format}`);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    await pipeline(
      part.file,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(path),
    );
  } catch (error) {
    await remove();
    throw cutAtLimit(part.file, error) ? tooLarge() : error;
  }
  if (cutAtLimit(part.file)) {
    await remove();
    throw tooLarge();
  }
  if (bytes === 0) {
    await remove();
    throw new Refusal(
      400,
      'Empty file',
      'The file is empty; it needs a header row and data rows.',
    );
  }
  if (format === 'xlsx') {
    try {
      await checkXlsxArchive(path);
    } catch (error) {
      await remove();
      throw error;
    }
  }
  return {
    path,
    fileName: part.filename.slice(0, 200),
    format,
    hash: hash.digest('hex'),
    bytes,
    remove,
  };
}

/** Rows staged per statement. */
const STAGE_BATCH = 2000;

/**
 * Stages every data row of a spooled file into `g2_rows` of `uploadId`,
 * a batch at a time, and returns how many. Refuses (and so, in the caller's
 * transaction, stages nothing) a file that cannot be read as a whole.
 */
export async function stageRows(
  tx: SqlRunner,
  uploadId: number,
  file: SpooledFile,
): Promise<number> {
  const input = createReadStream(file.path);
  const rows = file.format === 'csv' ? readG2Csv(input) : readG2Xlsx(input);
  let batch: G2FileRow[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.query(
      `INSERT INTO g2_rows (upload_id, row, partner_store_id, partner_name, partner_address,
                            day_text, material_text, weight_text)
       SELECT $1, "row", "storeId", name, address, date, material, weight
         FROM json_to_recordset($2::json)
           AS x ("row" int, "storeId" text, name text, address text, date text, material text, weight text)`,
      [uploadId, JSON.stringify(batch)],
    );
    count += batch.length;
    batch = [];
  };
  try {
    for await (const row of rows) {
      batch.push(row);
      if (batch.length >= STAGE_BATCH) await flush();
    }
    await flush();
  } finally {
    input.destroy();
  }
  return count;
}
