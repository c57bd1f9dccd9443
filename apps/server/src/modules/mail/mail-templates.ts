import type { MailMessage } from './mailer.ts';

/** The words of every message Fleetdeck mails; codes and links appear only here, never in logs. */
export const mailTemplates = {
  signInCode(to: string, code: string, purpose: string): MailMessage {
    const subject =
      purpose === 'forget-password'
        ? 'Your Fleetdeck password reset code'
        : purpose === 'email-verification'
          ? 'Confirm your email for Fleetdeck'
          : 'Your Fleetdeck sign-in code';
    return {
      to,
      subject,
      text: `Your code is ${code}. It expires in 5 minutes. If you did not ask for it, ignore this message.`,
    };
  },
  verifyEmail(to: string, link: string): MailMessage {
    return {
      to,
      subject: 'Confirm your email for Fleetdeck',
      text: 'Open this link to confirm your email address:',
      link,
    };
  },
  resetPassword(to: string, link: string): MailMessage {
    return {
      to,
      subject: 'Choose your Fleetdeck password',
      text: 'Open this link within 30 minutes to choose a password for Fleetdeck: a new one, or your first if you have signed in with emailed codes. If you did not ask for it, ignore this message.',
      link,
    };
  },
  invitation(to: string, organization: string, role: string, link: string): MailMessage {
    return {
      to,
      subject: `You are invited to ${organization} on Fleetdeck`,
      text: `You have been invited to join ${organization} on Fleetdeck as ${role}. Open this link within 7 days to accept:`,
      link,
    };
  },
} as const;
