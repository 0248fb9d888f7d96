import { JobSchema, type Job } from '@collective/api-client/contract';
import type { Caller } from '../auth/authenticate';
import { contractFields } from '../http/contract-fields';
import { resourceRoutes } from '../http/declare-route';
import { notFound } from '../http/error-replies';
import type { JobRecord } from './job-types';

/** A job as its owner reads it: never its input (it may hold the query of an export). */
function toContractJob(record: JobRecord): Job {
  return contractFields(JobSchema, record);
}

/** The job if the caller owns it; the same 404 for another user's job as for none (D12). */
function owned(record: JobRecord | null, caller: Caller, id: string) {
  if (!record || record.owner_user_id !== caller.user.id) {
    notFound(`You have no job ${id}.`);
  }
  return record;
}

/**
 * The caller's jobs (docs/decisions/0071): long work such as exports and
 * reports runs on the job queue, and its owner follows it here.
 * - GET /api/jobs: newest first;
 * - GET /api/jobs/:id: status, progress, note, result (kept 7 days);
 * - POST /api/jobs/:id/cancel: a queued job never starts, a running one
 *   has its signal aborted and ends as cancelled; an audit event.
 */
export const jobRoutes = resourceRoutes({
  async jobs({ caller, services }) {
    const records = await services.jobs.list({ ownerUserId: caller.user.id });
    return { success: true, jobs: records.map(toContractJob) };
  },

  async job({ params, caller, services }) {
    const record = owned(await services.jobs.get(params.id), caller, params.id);
    return { success: true, job: toContractJob(record) };
  },

  async cancelJob({ params, caller, services, db }) {
    // In the write's transaction (db), with its audit event.
    const before = owned(
      await services.jobs.get(params.id, { tx: db }),
      caller,
      params.id,
    );
    const after = (await services.jobs.cancel(params.id, { tx: db })) ?? before;
    const changed = before.status === 'queued' || before.status === 'running';
    return {
      answer: { success: true, job: toContractJob(after) },
      change: changed
        ? {
            id: params.id,
            memberId: before.member_id,
            before: { status: before.status },
            after: { status: after.status, cancel_requested: true },
          }
        : null,
    };
  },
});
