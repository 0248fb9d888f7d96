import {
  REPORT_TEMPLATE_INFO,
  isRefusal,
  resolveDataScope,
  type ReportFormat,
} from '@collective/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import { resourceRoutes, type RouteServices } from '../http/declare-route';
import { notFound, Refusal } from '../http/error-replies';
import { REPORT_JOB_KIND, type ReportJobInput } from './report-job';
import { PRINTABLE_HEADERS, REPORT_MEDIA_TYPES } from './report-files';
import {
  callerVisibility,
  readRun,
  readRuns,
  runVisibility,
} from './report-runs';

/** The answer for a run that is not there for the caller (another scope's, expired, none): the same 404 (D12). */
function noRun(id: string): never {
  return notFound(`There is no report run ${id}, or it has expired.`);
}

const routes = resourceRoutes({
  async reportRuns({ caller, scope, db, now }) {
    const runs = await readRuns(
      db,
      runVisibility(caller.access, scope.memberId),
      now,
    );
    return { success: true, runs: runs.map(({ run }) => run) };
  },

  async reportRun({ params, caller, tenant, db, now }) {
    const found = await readRun(
      db,
      callerVisibility(caller.access, tenant),
      now,
      params.id,
    );
    return { success: true, run: (found ?? noRun(params.id)).run };
  },

  async runReport({ body, caller, tenant, db, now, services }) {
    // A brand user always runs for their own member, whatever they send (D12).
    const scope = resolveDataScope(caller.access, tenant, body.member_id);
    if (isRefusal(scope)) {
      throw new Refusal(scope.status, scope.error, scope.message);
    }
    let memberName: string | null = null;
    if (scope.memberId !== null) {
      const [member] = await db.query<{ name: string }>(
        'SELECT name FROM members WHERE id = $1',
        [scope.memberId],
      );
      memberName = member
        ? member.name
        : notFound(`There is no member ${scope.memberId}.`);
    }
    const input: ReportJobInput = {
      template: body.template,
      from: body.from,
      to: body.to,
      member_id: scope.memberId,
      member_name: memberName,
      region: 'region' in body ? (body.region ?? null) : null,
    };
    const id = await services.jobs.enqueue(
      REPORT_JOB_KIND,
      input,
      {
        ownerUserId: caller.user.id,
        tenant: tenant ?? 'pact',
        memberId: scope.memberId,
      },
      { tx: db },
    );
    const found = await readRun(
      db,
      callerVisibility(caller.access, tenant),
      now,
      id,
    );
    return {
      answer: { success: true, run: (found ?? noRun(id)).run },
      change: {
        id,
        memberId: scope.memberId,
        before: null,
        after: {
          template: input.template,
          title: REPORT_TEMPLATE_INFO[input.template].title,
          from: input.from,
          to: input.to,
          member_id: input.member_id,
          region: input.region,
        },
      },
    };
  },

  async cancelReport({ params, caller, tenant, db, now, services }) {
    const visibility = callerVisibility(caller.access, tenant);
    const before =
      (await readRun(db, visibility, now, params.id)) ?? noRun(params.id);
    const { status } = before.run;
    if (status !== 'queued' && status !== 'running') {
      return { answer: { success: true, run: before.run }, change: null };
    }
    await services.jobs.cancel(params.id, { tx: db });
    // A cancelled run leaves no file, whatever an attempt stored meanwhile.
    await db.query('DELETE FROM report_files WHERE job_id = $1', [params.id]);
    const after = (await readRun(db, visibility, now, params.id)) ?? before;
    return {
      answer: { success: true, run: after.run },
      change: {
        id: params.id,
        memberId: before.memberId,
        before: { status },
        after: { status: after.run.status, cancel_requested: true },
      },
    };
  },

  async reportFile({ params, caller, tenant, db, now }) {
    const found =
      (await readRun(
        db,
        callerVisibility(caller.access, tenant),
        now,
        params.id,
      )) ?? noRun(params.id);
    const format: ReportFormat = params.format;
    const [file] = found.run.files.some((f) => f.format === format)
      ? await db.query<{ content: Uint8Array }>(
          'SELECT content FROM report_files WHERE job_id = $1 AND format = $2',
          [params.id, format],
        )
      : [];
    if (!file) {
      notFound(
        `Report run ${params.id} has no ${format.toUpperCase()} file: it is ${found.run.status.replace('_', ' ')}.`,
      );
    }
    const { template, from, to } = found.run.parameters;
    return {
      filename: `${template}-${from}${from === to ? '' : `-to-${to}`}.${format}`,
      type: REPORT_MEDIA_TYPES[format],
      body: Buffer.from(file.content),
      disposition: format === 'html' ? 'inline' : 'attachment',
      ...(format === 'html' ? { headers: PRINTABLE_HEADERS } : {}),
      about: {
        entity: 'report',
        id: params.id,
        memberId: found.memberId,
        after: { format, template, from, to },
      },
    };
  },
});

/**
 * The report generator's routes (decisions D18; docs/decisions/0101):
 * - GET /api/reports: the runs the caller sees, newest first;
 * - POST /api/reports: a template and its parameters run as a job; an audit event;
 * - GET /api/reports/:id: one run (status, progress, files);
 * - POST /api/reports/:id/cancel: a queued run never starts, a running one
 *   stops and leaves no file; an audit event;
 * - GET /api/reports/:id/files/:format: CSV, XLSX or the printable page,
 *   with a bearer token or a single-use download ticket; an audit event.
 * Writes enqueue and cancel inside their audited transaction, which needs
 * the job queue installed: a server that runs no jobs installs it on its
 * first report write, before that transaction opens.
 */
export const reportRoutes: FastifyPluginAsync<RouteServices> = async (
  app,
  services,
) => {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'POST') await services.jobs.ready();
  });
  await routes(app, services);
};
