import nodemailer from 'nodemailer';
import type { OutboxMessage } from '@varde/core/contract';

export interface SmtpDelivery {
  deliver(message: OutboxMessage): Promise<void>;
  close(): void;
}

/** Real e-mail delivery for an outbox configured with an SMTP URL (smtp://user:pass@host:port). */
export function createSmtpDelivery(smtpUrl: string, from = 'Varde <no-reply@varde.invalid>'): SmtpDelivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject ?? '', text: message.body });
    },
    close() {
      transport.close();
    },
  };
}
