/** Parameters and WHERE clauses of a filtered read, built together. */
export class Where {
  /** The query's parameters, in placeholder order. */
  readonly params: unknown[] = [];
  /** The conditions, joined with AND. */
  readonly clauses: string[] = [];

  /**
   * Adds a parameter and returns its placeholder (`$1`, `$2`, …). Bound,
   * so it can be handed on as it is (`pageClause(paging, where.param)`).
   */
  readonly param = (value: unknown): string => {
    this.params.push(value);
    return `$${this.params.length}`;
  };

  /** Adds a condition. */
  add(clause: string): void {
    this.clauses.push(clause);
  }

  /** `WHERE a AND b`, or nothing when there is no condition. */
  get sql(): string {
    return this.clauses.length > 0 ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

/** A search text with LIKE's wildcards (`%`, `_`, `\`) taken literally. */
const literal = (search: string) =>
  search.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A search text as an ILIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${literal(search)}%`;
}

/** A search text as a LIKE pattern matching what starts with it, its wildcards taken literally. */
export function startsWithPattern(search: string): string {
  return `${literal(search)}%`;
}
