/**
 * The message of something thrown, for people: an `Error`'s own message
 * (an `ApiError`'s is written for them), else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
