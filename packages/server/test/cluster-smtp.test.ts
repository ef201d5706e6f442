import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../src/outbox/sendMessage.js';
import { SMTP_CLAIM_STALE_MS } from '../src/outbox/smtpQueue.js';
import { startSmtpSink } from './helpers/smtpSink.js';
import { testEngine } from './helpers/startCloud.js';
import { startTwoNodes } from './helpers/twoNodes.js';

/** E-mail over SMTP with two nodes: each message is sent once, and one whose node died is still sent. */
describe.runIf(testEngine() === 'postgres')('SMTP delivery with two nodes', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    nodes = (await startTwoNodes({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, outbox: 'private' }))!;
  });
  afterAll(async () => {
    await nodes?.close();
    smtp?.server.close();
  });
  const received = (subject: string) => smtp.received.filter((mail) => mail.includes(`Subject: ${subject}`)).length;

  it('a message stored on node A is sent once, even when both nodes sweep for pending mail', async () => {
    await sendMessage(nodes.a.context, { channel: 'email', to: 'once@varde.test', subject: 'Sent once', body: 'one copy' });
    await expect.poll(() => received('Sent once')).toBe(1);
    await Promise.all([nodes.a.context.outbox.sweepSmtp(), nodes.b.context.outbox.sweepSmtp()]);
    expect(received('Sent once')).toBe(1);
  });

  it('a message whose node died before sending it is sent by a sweep, once', async () => {
    // As a node leaves it that claimed the message and died: pending, its claim stale.
    await nodes.a.context.db
      .insertInto('outbox')
      .values({ channel: 'email', recipient: 'orphan@varde.test', subject: 'Orphaned', body: 'still delivered', created_at: Date.now(), smtp_state: 'pending', smtp_claimed_at: Date.now() - SMTP_CLAIM_STALE_MS - 1000 })
      .execute();
    await Promise.all([nodes.a.context.outbox.sweepSmtp(), nodes.b.context.outbox.sweepSmtp()]);
    await expect.poll(() => received('Orphaned')).toBe(1);
    const row = await nodes.a.context.db.selectFrom('outbox').select('smtp_state').where('subject', '=', 'Orphaned').executeTakeFirst();
    expect(row).toEqual({ smtp_state: 'sent' });
  });
});
