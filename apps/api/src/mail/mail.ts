import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, SqlRunner } from '../db/database';

/** How mail leaves the server: SMTP when `SMTP_URL` is set, else the outbox (decisions D16). */
export type MailTransport = 'smtp' | 'outbox';

/** One message to send. */
export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** What it is for, e.g. `invitation`, `password_reset`. */
  purpose: string;
  userId: number | null;
  memberId: number | null;
  /** The mail-back submission it is about; a redaction deletes it (D19). */
  submissionId?: number | null;
}

/**
 * Writes a message to `mail_outbox` in the caller's transaction, so a mail
 * exists exactly when the write that sends it commits (the transactional
 * outbox pattern). With SMTP, {@link MailSender} delivers it afterwards.
 */
export async function queueMail(
  tx: SqlRunner,
  transport: MailTransport,
  message: MailMessage,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO mail_outbox (to_address, subject, body, purpose, user_id, member_id, transport, submission_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      message.to,
      message.subject,
      message.body,
      message.purpose,
      message.userId,
      message.memberId,
      transport,
      message.submissionId ?? null,
    ],
  );
  if (!row) throw new Error('INSERT INTO mail_outbox returned no row');
  return row.id;
}

/** Requests that will wake the mail sender when their answer is out. */
const waking = new WeakSet<FastifyRequest>();

/**
 * Mails a message from a route's write: queues it in the write's
 * transaction ({@link queueMail}) and, with SMTP, wakes the sender once the
 * answer is out; without SMTP, logs that the mail waits in the outbox.
 */
export async function mailFromWrite(
  call: {
    db: SqlRunner;
    services: { mail: MailSender };
    request: FastifyRequest;
  },
  message: MailMessage,
): Promise<{ mailId: number; transport: MailTransport }> {
  const { db, services, request } = call;
  const transport = services.mail.transport;
  const mailId = await queueMail(db, transport, message);
  if (transport === 'smtp') {
    // One wake per request, however many mails it queued (a bulk write).
    if (!waking.has(request)) {
      waking.add(request);
      request.raw.once('close', () => services.mail.wake());
    }
  } else {
    request.log.info(
      { event: 'mail_kept', mailId, purpose: message.purpose },
      'mail kept in the outbox (no SMTP_URL): collective admins read it at GET /api/outbox',
    );
  }
  return { mailId, transport };
}

/** Deletes every mail about a mail-back submission, sent or not (a redaction, D19). */
export async function forgetSubmissionMail(
  tx: SqlRunner,
  submissionId: number,
): Promise<void> {
  await tx.query('DELETE FROM mail_outbox WHERE submission_id = $1', [
    submissionId,
  ]);
}

/** Something that delivers queued SMTP mail. */
export interface MailSender {
  readonly transport: MailTransport;
  /** Asks for a delivery round soon (after a write queued mail). */
  wake(): void;
  /** Delivers what is queued now; resolves when the round is over. */
  deliverNow(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/** What {@link createMailSender} needs. */
export interface MailSenderOptions {
  db: Database;
  /** `smtp://user:pass@host:port` or `smtps://…`; absent: the outbox only. */
  smtpUrl?: string | undefined;
  /** The From address. */
  from: string;
  log: FastifyBaseLogger;
  /** How often unsent mail is retried; 30 s by default. */
  retryMs?: number;
  /** A transport to send with instead of SMTP (tests). */
  sendWith?: (message: {
    from: string;
    to: string;
    subject: string;
    text: string;
  }) => Promise<unknown>;
}

/** Most delivery attempts of one message before it is left for an operator. */
const MAX_ATTEMPTS = 10;

/**
 * The mail sender of one server process. Without SMTP it does nothing:
 * messages stay in the outbox, where collective admins read them. With
 * SMTP it delivers unsent messages through nodemailer, each claimed with
 * `FOR UPDATE SKIP LOCKED` so several instances never send one twice.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const transport: MailTransport =
    options.smtpUrl || options.sendWith ? 'smtp' : 'outbox';
  const send =
    options.sendWith ??
    (options.smtpUrl
      ? (() => {
          const smtp = nodemailer.createTransport(options.smtpUrl);
          return (
            message: Parameters<NonNullable<MailSenderOptions['sendWith']>>[0],
          ) => smtp.sendMail(message);
        })()
      : null);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function round(): Promise<number> {
    if (!send) return 0;
    return options.db.transaction(async (tx) => {
      const rows = await tx.query<{
        id: number;
        to_address: string;
        subject: string;
        body: string;
      }>(
        `SELECT id, to_address, subject, body FROM mail_outbox
          WHERE transport = 'smtp' AND sent_at IS NULL AND attempts < $1
          ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED`,
        [MAX_ATTEMPTS],
      );
      let sent = 0;
      for (const row of rows) {
        try {
          await send({
            from: options.from,
            to: row.to_address,
            subject: row.subject,
            text: row.body,
          });
          await tx.query(
            'UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1',
            [row.id],
          );
          sent += 1;
        } catch (error) {
          options.log.warn(
            { event: 'mail_failed', mailId: row.id, err: error },
            'mail delivery failed; it will be retried',
          );
          await tx.query(
            'UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1',
            [row.id, String((error as Error).message ?? error).slice(0, 500)],
          );
        }
      }
      return sent;
    });
  }

  function deliverNow(): Promise<number> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    transport,
    wake() {
      if (stopped || !send) return;
      setImmediate(() => {
        deliverNow().catch((error: unknown) =>
          options.log.error({ err: error }, 'mail delivery round failed'),
        );
      });
    },
    deliverNow,
    start() {
      if (!send || timer) return;
      stopped = false;
      timer = setInterval(() => {
        deliverNow().catch((error: unknown) =>
          options.log.error({ err: error }, 'mail delivery round failed'),
        );
      }, options.retryMs ?? 30_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
