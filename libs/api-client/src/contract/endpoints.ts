import { mailbackEndpoints } from './mailback-endpoints';
import { operationsEndpoints } from './operations-endpoints';
import { recordEndpoints } from './record-endpoints';
import { shellEndpoints } from './shell-endpoints';
import { userEndpoints } from './user-endpoints';
import { membersEndpoints } from './members-endpoints';
import { storeRankingsEndpoints } from './store-rankings-endpoints';
import { instructionEndpoints } from './instruction-endpoints';
import { demoCleanupEndpoints } from './demo-cleanup-endpoints';
import { storeInventoryEndpoints } from './store-inventory-endpoints';
import { performanceEndpoints } from './performance-endpoints';
import { comparisonEndpoints } from './comparison-endpoints';
import { analyticsEndpoints } from './analytics-endpoints';
import { reportEndpoints } from './report-endpoints';
import { g2Endpoints } from './g2-endpoints';
import { ingestionLogsEndpoints } from './ingestion-logs-endpoints';
import { dataExportEndpoints } from './data-export-endpoints';

/**
 * Every call of the API (specification §7, decisions D5, D12, D13, D15,
 * D18), by name. Screens import the table of their group (`shellEndpoints`,
 * `recordEndpoints`, …), so a screen's chunk holds its own calls' schemas
 * only; this whole table is for the server, the test fake and the OpenAPI
 * document. A resource's table module (`<resource>-endpoints.ts`: its
 * schemas, then its table) is spread here and re-exported below its
 * import, which exports it from `@collective/api-client/contract`.
 */
export const endpoints = {
  ...shellEndpoints,
  ...recordEndpoints,
  ...mailbackEndpoints,
  ...operationsEndpoints,
  ...userEndpoints,
  ...membersEndpoints,
  ...storeRankingsEndpoints,
  ...instructionEndpoints,
  ...demoCleanupEndpoints,
  ...storeInventoryEndpoints,
  ...performanceEndpoints,
  ...comparisonEndpoints,
  ...analyticsEndpoints,
  ...reportEndpoints,
  ...g2Endpoints,
  ...ingestionLogsEndpoints,
  ...dataExportEndpoints,
} as const;

/** Name of one call of the API contract. */
export type EndpointName = keyof typeof endpoints;

export * from './mailback-endpoints';
export * from './members-endpoints';
export * from './store-rankings-endpoints';
export * from './instruction-endpoints';
export * from './demo-cleanup-endpoints';
export * from './store-inventory-endpoints';
export * from './performance-endpoints';
export * from './comparison-endpoints';
export * from './analytics-endpoints';
export * from './report-endpoints';
export * from './g2-endpoints';
export * from './ingestion-logs-endpoints';
export * from './data-export-endpoints';
