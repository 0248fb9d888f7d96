import { resourceRoutes } from '../http/declare-route';
import { Refusal } from '../http/error-replies';
import { isExportPath, issueDownloadTicket } from './download-tickets';

/**
 * POST /api/downloads: a single-use link to a CSV export for the signed-in
 * user, so the browser downloads the file itself (streamed to disk, any
 * size) without a bearer header (decisions D18). The export still checks
 * the user's access and scope when the link is opened.
 */
export const downloadRoutes = resourceRoutes({
  async createDownload({ body, caller, db, tenant = 'pact', now }) {
    if (!isExportPath(body.path)) {
      throw new Refusal(
        400,
        'Not an export',
        `${body.path.split('?')[0]} is not a CSV export of the API; download links open exports only.`,
      );
    }
    const { url, expiresAt } = await issueDownloadTicket(
      db,
      caller.user.id,
      tenant,
      body.path,
      now,
    );
    return { success: true, url, expires_at: expiresAt.toISOString() };
  },
});
