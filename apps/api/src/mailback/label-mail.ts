import type { SqlRunner } from '../db/database';

/** A label's mail to a consumer. */
export interface LabelMail {
  submissionId: number;
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Queues the mail carrying a submission's label (decisions D16, D19), in
 * the caller's transaction. The narrow interface mail-back needs of the
 * mail outbox: today its own table `mailback_label_mail`; when the users
 * and mail outbox of D16 land, this function writes to that outbox instead
 * and nothing else changes. A redaction deletes these rows.
 */
export async function queueLabelMail(
  tx: SqlRunner,
  mail: LabelMail,
): Promise<void> {
  await tx.query(
    `INSERT INTO mailback_label_mail (submission_id, recipient, subject, body)
     VALUES ($1, $2, $3, $4)`,
    [mail.submissionId, mail.recipient, mail.subject, mail.body],
  );
}

/** Deletes every queued label mail of a submission (a redaction). */
export async function forgetLabelMail(
  tx: SqlRunner,
  submissionId: number,
): Promise<void> {
  await tx.query('DELETE FROM mailback_label_mail WHERE submission_id = $1', [
    submissionId,
  ]);
}
