import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The owner's signed-in browser state, written by identity.setup.ts and used by the shell journeys. */
export const OWNER_STATE = join(import.meta.dirname, '..', 'test-results', '.auth', 'owner.json');
export const SIGNED_OUT = { cookies: [], origins: [] };

interface DemoAccount {
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'technician' | 'viewer' | 'user';
  hostedDomain: string;
}

const emulatorOrigin = () => `http://127.0.0.1:${process.env.FLEETDECK_E2E_EMULATOR_PORT ?? ''}`;

/**
 * The emulator's fixed demo accounts. Which journey uses which, so journeys stay independent:
 * the primary customer's owner ("it-director") runs the first-sign-in journey (identity.setup.ts)
 * and is then shared, signed in, by the shell journeys; its admin ("sysadmin") invites the viewer;
 * its help-desk account ("tech") enrols TOTP; its read-only admin ("librarian") asks for access and
 * becomes the technician of one school (team-access.spec.ts). Nobody else signs these accounts out or
 * changes them.
 */
export async function demoAccount(
  request: APIRequestContext,
  pick: 'primary-owner' | 'primary-admin' | 'primary-technician' | 'primary-viewer',
): Promise<DemoAccount> {
  const response = await request.get(`${emulatorOrigin()}/__emulator/oauth/admins`);
  const { admins } = (await response.json()) as { admins: DemoAccount[] };
  const found = admins.find((admin) =>
    pick === 'primary-owner'
      ? admin.email.startsWith('it-director@')
      : pick === 'primary-admin'
        ? admin.email.startsWith('sysadmin@')
        : pick === 'primary-technician'
          ? admin.email.startsWith('tech@')
          : admin.email.startsWith('librarian@'),
  );
  if (!found) throw new Error(`no demo account for ${pick}`);
  return found;
}

/** Google sign-in from /login through the emulator's consent page (account chooser). */
export async function signInWithGoogle(page: Page, email: string, next?: string): Promise<void> {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
}

/**
 * A Google admin of an organization that is already set up is offered "Ask for access" as soon as
 * they sign in (being a Google admin grants nothing by itself, and they set nothing up), asks, and
 * waits on the page for the answer.
 */
export async function askForAccess(page: Page, message = ''): Promise<void> {
  // Google's callback passes through the app's start, which asks the server where to go.
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  const ask = page.getByTestId('ask-for-access');
  await expect(ask).toBeVisible();
  if (message) await ask.getByLabel('Message to the owners and admins (optional)').fill(message);
  await ask.getByRole('button', { name: 'Ask for access' }).click();
  await expect(page.getByTestId('access-request-pending')).toBeVisible();
}

/**
 * The owner's API, signed in as identity.setup.ts left them (their shared session): writes carry
 * the Origin of Fleetdeck's pages, as the server asks of cookie-authenticated writes.
 */
export async function ownerApi(baseURL: string, forwardedFor: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    storageState: OWNER_STATE,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin, 'X-Forwarded-For': forwardedFor },
  });
}

/**
 * Proves a second factor for the session behind `api` with an emailed code (the step-up of
 * destructive and access-changing actions); nothing to do while an earlier proof is still fresh.
 */
export async function stepUpByEmail(api: APIRequestContext, email: string): Promise<void> {
  // Parallel journeys mail codes to the same owner: a code read here may be another session's (or
  // used up by another journey on this session), so a refused proof is tried again with a new code.
  for (let attempt = 1; ; attempt += 1) {
    const status = (await (await api.get('/api/auth/step-up')).json()) as {
      steppedUp: boolean;
      freshUntil: string | null;
    };
    if (status.steppedUp && Date.parse(status.freshUntil ?? '') - Date.now() > 2 * 60_000) return;
    const sent = await api.post('/api/auth/step-up/email-code');
    expect(sent.status(), await sent.text()).toBe(204);
    const mail = await latestMail(api, email, /confirmation code/);
    const code = /(\d{6})/.exec(mail.text)?.[1] ?? '';
    const proof = await api.post('/api/auth/step-up', { data: { method: 'email_code', code } });
    if (proof.status() === 200) return;
    expect(attempt, await proof.text()).toBeLessThan(4);
  }
}

/** The ids of the step-up codes mailed to `email` so far. */
export async function mailedStepUpCodes(
  request: APIRequestContext,
  email: string,
): Promise<{ id: string; code: string }[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as {
    messages: { id: string; subject: string; text: string }[];
  };
  return messages
    .filter((message) => /confirmation code/.test(message.subject))
    .map((message) => ({ id: message.id, code: /(\d{6})/.exec(message.text)?.[1] ?? '' }));
}

/**
 * Answers the step-up dialog ("Confirm it is you") with the code it mailed. `seen` are the codes
 * mailed before it opened: parallel journeys mail codes to the same owner, so every new code is
 * tried, newest first, until the dialog accepts one and closes (a wrong one costs one of five tries).
 */
export async function confirmStepUpByEmail(
  page: Page,
  request: APIRequestContext,
  email: string,
  seen: ReadonlySet<string>,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog.getByText('We emailed you a 6-digit code. It holds for 10 minutes.')).toBeVisible();
  let fresh: { id: string; code: string }[] = [];
  await expect
    .poll(async () => {
      fresh = (await mailedStepUpCodes(request, email)).filter((mail) => !seen.has(mail.id));
      return fresh.length;
    })
    .toBeGreaterThan(0);
  for (const { code } of fresh) {
    await dialog.getByLabel('Code from the email').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const outcome = await Promise.race([
      dialog.waitFor({ state: 'hidden' }).then(() => 'accepted' as const),
      dialog
        .getByText(/That code is not right|No confirmation code/)
        .waitFor()
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'accepted') return;
  }
  throw new Error('the step-up dialog accepted none of the mailed codes');
}

/** The pending access request of `email`, once it has arrived (as owners and admins list them). */
export async function pendingAccessRequestId(api: APIRequestContext, email: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const response = await api.get('/api/organization/access-requests');
      const { requests } = (await response.json()) as {
        requests: { id: string; email: string; status: string }[];
      };
      id = requests.find((request) => request.email === email && request.status === 'pending')?.id;
      return id !== undefined;
    })
    .toBe(true);
  if (!id) throw new Error(`no pending access request from ${email}`);
  return id;
}

/**
 * A Google admin of the organization identity.setup.ts set up joins it the only way there is: they
 * ask for access on onboarding, the owner approves with a role and units (after a step-up), and
 * the waiting page opens the dashboard by itself.
 */
export async function joinOrganization(
  page: Page,
  email: string,
  approve: { role: 'admin' | 'technician' | 'viewer'; ouScope?: string[] },
): Promise<void> {
  await askForAccess(page);
  const baseURL = new URL(page.url()).origin;
  const owner = await ownerApi(baseURL, '10.251.0.1');
  try {
    const ownerEmail = (await demoAccount(owner, 'primary-owner')).email;
    const id = await pendingAccessRequestId(owner, email);
    await stepUpByEmail(owner, ownerEmail);
    const approved = await owner.post(`/api/organization/access-requests/${id}/approve`, {
      data: { role: approve.role, ouScope: approve.ouScope ?? [] },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await owner.dispose();
  }
  // The waiting page asks every 10 s.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** The newest mail to `to` in the development outbox (OTP codes, invitations, resets). */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<{ text: string; link: string | null }> {
  let found: { text: string; link: string | null; subject: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as {
        messages: { text: string; link: string | null; subject: string }[];
      };
      found = messages.find((message) => subject.test(message.subject));
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** Email one-time-code sign-in through the login page, reading the code from the outbox. */
export async function signInWithEmailCode(page: Page, request: APIRequestContext, email: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Email code' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  const mail = await latestMail(request, email, /sign-in code/);
  const code = /(\d{6})/.exec(mail.text)?.[1] ?? '';
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for a base32 secret, computed with node:crypto. */
export function totpCode(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** A fresh address per run, so email journeys never meet an earlier user. */
export function freshEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}
