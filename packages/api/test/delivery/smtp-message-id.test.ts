import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../src/delivery/message';
import { createSmtpTransport, outboxMessageId } from '../../src/delivery/transports/smtp';
import { startSmtpServer } from './helpers';

// The outbox delivers at least once: a process killed after the relay accepted an e-mail and
// before the row was marked sent sends it again after its lease (npm run crash shows it). Every
// attempt at a row carries the same Message-ID, so the receiving side sees one message twice
// and can drop the copy, instead of two different messages.

function row(id: number, createdAt = new Date('2026-11-22T10:00:00.000Z')): OutboxMessage {
  return {
    id,
    channel: 'email',
    edition: 'general',
    purpose: null,
    recipient: 'employee@demo.test',
    subject: 'Your login code',
    body_text: '48213907 is your Vestibule verification code.',
    body_html: null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: createdAt,
    locked_until: null,
    last_error: null,
    created_at: createdAt,
    sent_at: null,
  };
}

const messageIdOf = (raw: string) => /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim();

describe('SMTP Message-ID of an outbox row', () => {
  it('is the same on every attempt at a row and differs between rows and databases', () => {
    const from = 'Vestibule <no-reply@vestibule.test>';
    expect(outboxMessageId(row(7), from)).toBe('<outbox.7.1795341600000@vestibule.test>');
    expect(outboxMessageId(row(7), from)).toBe(outboxMessageId(row(7), from));
    expect(outboxMessageId(row(8), from)).not.toBe(outboxMessageId(row(7), from));
    // Another database numbers its rows from 1 too: the creation time keeps them apart.
    expect(outboxMessageId(row(7, new Date('2026-11-23T10:00:00.000Z')), from)).not.toBe(
      outboxMessageId(row(7), from),
    );
    expect(outboxMessageId(row(7), 'no-reply@example.com')).toBe('<outbox.7.1795341600000@example.com>');
  });

  it('goes out in the Message-ID header: a row sent twice arrives twice as the same message', async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createSmtpTransport({ url: smtp.url, from: 'Vestibule <no-reply@vestibule.test>' });
      await transport.send(row(41));
      await transport.send(row(41));
      await transport.send(row(42));
      transport.close?.();
      const ids = smtp.received.map((mail) => messageIdOf(mail.raw));
      expect(ids).toEqual([
        '<outbox.41.1795341600000@vestibule.test>',
        '<outbox.41.1795341600000@vestibule.test>',
        '<outbox.42.1795341600000@vestibule.test>',
      ]);
    } finally {
      await smtp.close();
    }
  });
});
