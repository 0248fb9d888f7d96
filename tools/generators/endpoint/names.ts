import { names } from '@nx/devkit';
import type { AudienceWord } from '../source/contract';

/** Everything the endpoint generator writes is named from these. */
export interface EndpointNames {
  /** The contract entry's name, e.g. `exampleThings`. */
  name: string;
  /** `ExampleThings`. */
  className: string;
  /** `example-things`. */
  fileName: string;
  /** `example_things`: the answer's field holding a list's rows. */
  snakeName: string;
  /** `EXAMPLE_THINGS`. */
  constantName: string;
  /** `example things`: the entry in words, for summaries and messages. */
  words: string;
  /** One record of a list (or of a detail path): `ExampleThing`, `EXAMPLE_THING`, `example thing`. */
  item: { className: string; constantName: string; words: string };
  method: 'GET';
  path: string;
  /** The `:name` segments of the path. */
  params: string[];
  resource: string;
  summary: string;
  audience: AudienceWord;
  scoped: boolean;
  list: boolean;
  /** Names of the contract's new constants, schemas and types. */
  schemas: {
    query?: string;
    params?: string;
    response: string;
    responseType: string;
    item?: string;
    itemType?: string;
    sorts?: string;
    sortType?: string;
    maxPageSize?: string;
    maxSearchLength?: string;
  };
  /** The server's page size when the query names none (`DEFAULT_EXAMPLE_THINGS_PAGE_SIZE`). */
  defaultPageSize?: string;
}

/** `things` → `thing`, `categories` → `category`, `boxes` → `box`; otherwise `<name>Item`. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x)es$/.test(name)) return name.replace(/es$/, '');
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return `${name}Item`;
}

/** `exampleThings` → `example things`. */
export function words(name: string): string {
  return names(name).fileName.replace(/-/g, ' ');
}

/** Derives every name of an endpoint from its options (already checked). */
export function endpointNames(options: {
  name: string;
  resource: string;
  path: string;
  params: string[];
  summary?: string;
  audience: AudienceWord;
  scoped: boolean;
  list: boolean;
}): EndpointNames {
  const { className, fileName, constantName } = names(options.name);
  const itemName = options.list ? singular(options.name) : options.name;
  const item = names(itemName);
  const hasQuery = options.list || options.scoped;
  const listWords = words(options.name);
  const summary =
    options.summary?.trim() ||
    (options.list
      ? `One page of the ${listWords}${options.scoped ? ' in scope' : ''}, searched and sorted`
      : options.params.length > 0
        ? `One ${words(itemName)}${options.scoped ? ' of the scope' : ''}`
        : `The ${listWords}${options.scoped ? ' of the scope' : ''}`);
  return {
    name: options.name,
    className,
    fileName,
    snakeName: constantName.toLowerCase(),
    constantName,
    words: listWords,
    item: {
      className: item.className,
      constantName: item.constantName,
      words: words(itemName),
    },
    method: 'GET',
    path: options.path,
    params: options.params,
    resource: options.resource,
    summary,
    audience: options.audience,
    scoped: options.scoped,
    list: options.list,
    schemas: {
      ...(hasQuery ? { query: `${className}QuerySchema` } : {}),
      ...(options.params.length > 0
        ? { params: `${className}ParamsSchema` }
        : {}),
      // A record's read is a detail, as StoreDetailSchema, beside the list's rows (`ExampleThingSchema`).
      response: options.list
        ? `${className}PageSchema`
        : options.params.length > 0
          ? `${className}DetailSchema`
          : `${className}Schema`,
      responseType: options.list
        ? `${className}Page`
        : options.params.length > 0
          ? `${className}Detail`
          : className,
      ...(options.list
        ? {
            item: `${item.className}Schema`,
            itemType: item.className,
            sorts: `${item.constantName}_SORTS`,
            sortType: `${item.className}Sort`,
            maxPageSize: `MAX_${constantName}_PAGE_SIZE`,
            maxSearchLength: `MAX_${constantName}_SEARCH_LENGTH`,
          }
        : {}),
    },
    ...(options.list
      ? { defaultPageSize: `DEFAULT_${constantName}_PAGE_SIZE` }
      : {}),
  };
}

/** The new names the entry puts in the contract (values and types), to check none is taken. */
export function contractNames(endpoint: EndpointNames): {
  values: string[];
  types: string[];
} {
  const s = endpoint.schemas;
  return {
    values: [
      s.maxPageSize,
      s.maxSearchLength,
      s.sorts,
      s.query,
      s.params,
      s.item,
      s.response,
    ].filter((name): name is string => name !== undefined),
    types: [s.sortType, s.itemType, s.responseType].filter(
      (name): name is string => name !== undefined,
    ),
  };
}

/** Whether an audience lets a brand admin (brand.admin@kiehls.test) in. */
export function brandUserAllowed(audience: AudienceWord): boolean {
  return (
    audience === 'signed-in' || audience === 'everyone' || audience === 'admins'
  );
}

/** A path parameter that holds a record id (`id`, `storeId`, `store_id`). */
export function isIdParam(name: string): boolean {
  return name === 'id' || /(Id|_id)$/.test(name);
}
