/**
 * A workaround for a race in the unzip parser under exceljs' streaming
 * reader (docs/decisions/0099, addendum "Workbooks refused at random").
 *
 * unzipper's `Parse` emits `end` by hand as soon as its writable side
 * finishes, that is once it has read the archive's end record. The entries
 * it parsed by then may still wait in its readable buffer, because exceljs
 * pauses it while it copies a worksheet that came before the shared
 * strings to a temporary file. exceljs stops reading at that `end`, so the
 * shared strings and the workbook part were skipped and a valid workbook
 * was refused, now and then, under load (unzipper pull request #346, still
 * open). Without the hand-made `end`, the parser's own `push(null)` after
 * the end record ends it once every entry has been taken; a file that ends
 * too early still fails with the parser's `FILE_ENDED` error.
 */
import type { Readable } from 'node:stream';

/** How the hand-made `end` is recognised among a parser's `finish` listeners. */
const EMITS_END = /\.emit\(\s*['"]end['"]\s*\)/;

/**
 * Removes from `parser` the `finish` listener that emits `end` by hand, and
 * says how many it removed (1 on unzipper's parser, 0 on any other stream).
 */
export function dropEarlyEnd(parser: NodeJS.EventEmitter): number {
  const early = parser
    .listeners('finish')
    .filter((listener) => EMITS_END.test(String(listener)));
  for (const listener of early) {
    parser.removeListener('finish', listener as (...args: unknown[]) => void);
  }
  return early.length;
}

/**
 * `input`, changed so that the stream it is piped into (exceljs pipes it
 * into unzipper's parser) loses its hand-made `end`. Returns `input`.
 */
export function keepingZipEntries<T extends Readable>(input: T): T {
  const pipe = input.pipe.bind(input);
  input.pipe = <D extends NodeJS.WritableStream>(
    destination: D,
    options?: { end?: boolean },
  ): D => {
    dropEarlyEnd(destination);
    return pipe(destination, options);
  };
  return input;
}
