/** One outgoing message. `link` is the action the message carries (sign-in, invitation, reset). */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly link?: string | undefined;
}

/** Why: identity and invitation flows send mail without knowing whether SMTP or the outbox carries it. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
