import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Why: production mail goes through the operator's SMTP server named by SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.link ? `${message.text}\n\n${message.link}\n` : message.text,
      });
    },
  };
}
