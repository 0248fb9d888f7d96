import { recordEndpoints } from './record-endpoints';
import { shellEndpoints } from './shell-endpoints';
import { userEndpoints } from './user-endpoints';

/**
 * Every call of the API. Screens import the table of their group
 * (`shellEndpoints`, `recordEndpoints`, …), so a screen's chunk holds its
 * own calls' schemas only; this whole table is for the server, the test
 * fake and the OpenAPI document.
 *
 * Every call of the API (specification §7, decisions D5, D12, D13, D15,
 * D18), by name. Adding a call is adding an entry to the module of its
 * screens (with its schemas beside it) and, on the server, a handler in
 * the resource's routes.
 */
export const endpoints = {
  ...shellEndpoints,
  ...recordEndpoints,
  ...userEndpoints,
} as const;

/** Name of one call of the API contract. */
export type EndpointName = keyof typeof endpoints;
