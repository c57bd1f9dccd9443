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
  planFinished(
    to: string,
    plan: { title: string; minutes: number; succeeded: number; failed: number; skipped: number },
    link: string,
  ): MailMessage {
    const failed = plan.failed > 0 ? `, ${plan.failed} failed` : '';
    const skipped = plan.skipped > 0 ? `, ${plan.skipped} skipped` : '';
    return {
      to,
      subject: `Your change plan "${plan.title}" has finished`,
      text: `Your change plan "${plan.title}" finished after ${plan.minutes} minutes: ${plan.succeeded} devices changed${failed}${skipped}. Open the plan for the results of each device, the results CSV, or to undo it:`,
      link,
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
  accessRequested(
    to: string,
    organization: string,
    requester: { name: string; email: string },
    message: string,
    link: string,
  ): MailMessage {
    const who =
      requester.name && requester.name !== requester.email
        ? `${requester.name} (${requester.email})`
        : requester.email;
    return {
      to,
      subject: `${who} asks for access to ${organization} on Fleetdeck`,
      text: `${who} signed in to Fleetdeck and asks to join ${organization}.${
        message ? ` Their message: "${message}"` : ''
      } Nobody gets access until an owner or admin approves it, with a role and units. Review the request in Settings, Team:`,
      link,
    };
  },
  accessDecided(
    to: string,
    organization: string,
    decision: { approved: boolean; role?: string },
    link: string,
  ): MailMessage {
    return decision.approved
      ? {
          to,
          subject: `You have access to ${organization} on Fleetdeck`,
          text: `Your request to join ${organization} on Fleetdeck was approved: you are a ${decision.role ?? 'member'}. Open Fleetdeck:`,
          link,
        }
      : {
          to,
          subject: `Your request to join ${organization} on Fleetdeck was declined`,
          text: `An owner or admin of ${organization} declined your request to join it on Fleetdeck. If you think this is a mistake, ask your IT director. Fleetdeck:`,
          link,
        };
  },
} as const;
