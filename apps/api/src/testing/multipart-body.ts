import { Readable } from 'node:stream';

const BOUNDARY = '----collectivetest7MA4YWxkTrZu0gW';

/**
 * A `multipart/form-data` body holding `content` as the one file of form
 * field `field` named `filename`, for `app.inject`: a Buffer, or a stream
 * when `content` is an iterable of chunks (a large file never held whole).
 */
export function multipartBody(
  content: string | Buffer | AsyncIterable<Buffer | string>,
  options: { field?: string; filename?: string; type?: string } = {},
): { payload: Buffer | Readable; headers: Record<string, string> } {
  const {
    field = 'file',
    filename = 'upload.csv',
    type = 'text/csv',
  } = options;
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const headers = {
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    return {
      payload: Buffer.concat([head, Buffer.from(content), tail]),
      headers,
    };
  }
  async function* chunks() {
    yield head;
    for await (const chunk of content as AsyncIterable<Buffer | string>) {
      yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    }
    yield tail;
  }
  return { payload: Readable.from(chunks()), headers };
}
