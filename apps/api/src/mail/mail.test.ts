import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import type { Database } from '../db/database';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  createMailSender,
  mailFromWrite,
  queueMail,
  type MailSender,
} from './mail';

describeOnEachDatabase('mail sender (SMTP_URL set)', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open('seeded');
  });
  afterAll(() => db?.close());

  const log = { warn: vi.fn(), error: vi.fn() } as never;
  const message = (to: string) => ({
    to,
    subject: 'Hello',
    body: 'A link',
    purpose: 'invitation',
    userId: null,
    memberId: null,
  });

  it('delivers queued mail once, notes it sent, and keeps a failed one for a retry', async () => {
    const sent: string[] = [];
    const sender = createMailSender({
      db,
      from: 'test@collective.test',
      log,
      sendWith: async (mail) => {
        if (mail.to === 'broken@example.org')
          throw new Error('550 no such user');
        sent.push(mail.to);
      },
    });
    expect(sender.transport).toBe('smtp');
    const ok = await queueMail(db, 'smtp', message('someone@example.org'));
    const broken = await queueMail(db, 'smtp', message('broken@example.org'));
    await queueMail(db, 'outbox', message('kept@example.org'));

    expect(await sender.deliverNow()).toBe(1);
    expect(await sender.deliverNow()).toBe(0);

    expect(sent).toEqual(['someone@example.org']);
    const rows = await db.query<{
      id: number;
      sent_at: Date | null;
      attempts: number;
      last_error: string | null;
    }>(
      'SELECT id, sent_at, attempts, last_error FROM mail_outbox WHERE id = ANY($1) ORDER BY id',
      [[ok, broken]],
    );
    expect(rows[0]?.sent_at).not.toBeNull();
    expect(rows[1]).toMatchObject({
      sent_at: null,
      attempts: 2,
      last_error: '550 no such user',
    });
  });

  it('keeps mail in the outbox when no SMTP is configured', async () => {
    const sender = createMailSender({ db, from: 'x@collective.test', log });
    expect(sender.transport).toBe('outbox');
    expect(await sender.deliverNow()).toBe(0);
  });
});

describeOnEachDatabase('mailFromWrite', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open('seeded');
  });
  afterAll(() => db?.close());

  it('queues every mail of a write and wakes the sender once, when the answer is out', async () => {
    const raw = new EventEmitter();
    const request = { raw, log: { info: vi.fn() } } as never;
    const wake = vi.fn();
    const mail = { transport: 'smtp', wake } as unknown as MailSender;
    const call = { db, services: { mail }, request };
    const ids: number[] = [];
    for (const to of ['a@example.org', 'b@example.org', 'c@example.org']) {
      const { mailId } = await mailFromWrite(call, {
        to,
        subject: 'Label',
        body: 'Your label',
        purpose: 'mailback_label',
        userId: null,
        memberId: null,
      });
      ids.push(mailId);
    }
    expect(new Set(ids).size).toBe(3);
    expect(raw.listenerCount('close')).toBe(1);
    expect(wake).not.toHaveBeenCalled();
    raw.emit('close');
    expect(wake).toHaveBeenCalledTimes(1);
  });
});
