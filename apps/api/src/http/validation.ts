import * as v from 'valibot';

/** Outcome of {@link validate}: the parsed value, or one readable error text. */
export type Validated<T> =
  | { ok: true; value: T }
  | { ok: false; error: string };

function describeIssue(issue: v.BaseIssue<unknown>, subject: string): string {
  const key = issue.path?.map((item) => String(item.key)).join('.');
  if (!key) return `${subject} must be a JSON object`;
  if (issue.type === 'strict_object' || issue.type === 'object') {
    return issue.expected === 'never'
      ? `${key} is not allowed`
      : `${key} is required`;
  }
  return issue.message;
}

/**
 * Checks untrusted input (a body or a query) against a contract schema,
 * turning valibot issues into one sentence a person can act on, e.g.
 * "password is required; extra is not allowed".
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  subject: string,
): Validated<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, error: describeIssues(result.issues, subject) };
}

/** Valibot issues as one sentence, each distinct problem once: "password is required; extra is not allowed". */
export function describeIssues(
  issues: readonly v.BaseIssue<unknown>[],
  subject: string,
): string {
  return [
    ...new Set(issues.map((issue) => describeIssue(issue, subject))),
  ].join('; ');
}
