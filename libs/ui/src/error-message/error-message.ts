/**
 * The message of something thrown, for people: the server's own sentence
 * when it sent one (an `ApiError`'s `serverMessage`, e.g. why a change was
 * refused and what to do), else an `Error`'s message (an `ApiError`'s is
 * written for people too), else `fallback`. ui imports no API client, so
 * `serverMessage` is read by its shape.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const sentence = (error as { serverMessage?: unknown } | null | undefined)
    ?.serverMessage;
  if (typeof sentence === 'string' && sentence !== '') return sentence;
  return error instanceof Error && error.message ? error.message : fallback;
}
