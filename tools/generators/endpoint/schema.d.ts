/** Options of the `@collective/tools:endpoint` generator, as described by schema.json. */
export interface EndpointGeneratorSchema {
  /** The contract entry's name in camelCase, for example `exampleThings`. */
  name: string;
  /** The kind of record it reads, kebab-case, for example `example-things`. */
  resource: string;
  /** The HTTP method; only `GET` is generated. */
  method?: string;
  /** The path, for example `/api/example-things` or `/api/example-things/:id`. */
  path: string;
  /** The answer holds program data in the caller's data scope (decisions D12). */
  scoped?: boolean;
  /** A server-side list: search, sort, page and page_size in, one page out. */
  list?: boolean;
  /** Who may call it; `everyone` when scoped, `signed-in` otherwise. */
  audience?: string;
  /** The OpenAPI summary; derived from the name unless given. */
  summary?: string;
  /** Skip formatting the written files with Prettier. */
  skipFormat?: boolean;
}
