import type * as v from 'valibot';

/**
 * The fields of `record` that the contract's object `schema` names, in the
 * schema's order: what an answer carries of a fuller record (a row with
 * its page's total, a job with its owner and input). The contract is the
 * one list of an answer's fields, so nothing else leaves the server.
 */
export function contractFields<
  TSchema extends v.GenericSchema & { readonly entries: v.ObjectEntries },
>(schema: TSchema, record: v.InferOutput<TSchema>): v.InferOutput<TSchema> {
  const source = record as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key in schema.entries) fields[key] = source[key];
  return fields as v.InferOutput<TSchema>;
}
