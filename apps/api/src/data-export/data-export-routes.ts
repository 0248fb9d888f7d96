import { answeredScope } from '../data/answered-scope';
import { resourceRoutes } from '../http/declare-route';
import {
  countExportRows,
  exportColumns,
  readExportRows,
} from './export-datasets';

/**
 * Raw Data Export (decisions D18; docs/decisions/0100): the count of rows
 * an export would hold, and the export itself as a CSV streamed in key
 * order a page at a time. Both read the scope the route layer resolved, so
 * a brand admin gets their own member's rows whatever `member_id` they
 * send; the route layer records every export as an audit event and escapes
 * formula cells. The special brand user is refused by the contract
 * (`deniedToSpecialBrand`: the screen is hidden from them, specification §2).
 */
export const dataExportRoutes = resourceRoutes({
  async dataExportCount({ query, scope, db }) {
    const answered = await answeredScope(db, scope.memberId);
    const count = await countExportRows(db, {
      dataset: query.dataset,
      memberId: scope.memberId,
      from: query.from,
      to: query.to,
      status: query.status,
    });
    return { success: true, scope: answered, dataset: query.dataset, count };
  },

  async dataExport({ query, scope, db, now }) {
    // Check the scope before the first byte is sent: a 404 must stay a 404.
    await answeredScope(db, scope.memberId);
    const columns = exportColumns(query.dataset, query.columns);
    return {
      filename: `${query.dataset.replace('_', '-')}-${now.toISOString().slice(0, 10)}.csv`,
      columns,
      rows: readExportRows(
        db,
        {
          dataset: query.dataset,
          memberId: scope.memberId,
          from: query.from,
          to: query.to,
          status: query.status,
        },
        columns,
      ),
    };
  },
});
