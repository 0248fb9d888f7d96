import type { EndpointGeneratorSchema } from '../endpoint/schema';

/**
 * The endpoint generator's options for a scoped list of a new resource,
 * `exampleThings` at GET /api/example-things: what the endpoint generator's
 * tests generate, and the entry the screen generator's tests build a screen
 * over.
 */
export const EXAMPLE_THINGS_LIST: EndpointGeneratorSchema = {
  name: 'exampleThings',
  resource: 'example-things',
  path: '/api/example-things',
  list: true,
  scoped: true,
  skipFormat: true,
};

/**
 * The endpoint generator's options for a scoped read of one example thing
 * by its id, at GET /api/example-things/:id.
 */
export const EXAMPLE_THING_READ: EndpointGeneratorSchema = {
  name: 'exampleThing',
  resource: 'example-things',
  path: '/api/example-things/:id',
  scoped: true,
  skipFormat: true,
};
