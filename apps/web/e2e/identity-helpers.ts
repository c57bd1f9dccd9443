import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
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
 * its help-desk account ("tech") enrols TOTP. Nobody else signs these accounts out or changes them.
 */
export async function demoAccount(
  request: APIRequestContext,
  pick: 'primary-owner' | 'primary-admin' | 'primary-technician',
): Promise<DemoAccount> {
  const response = await request.get(`${emulatorOrigin()}/__emulator/oauth/admins`);
  const { admins } = (await response.json()) as { admins: DemoAccount[] };
  const found = admins.find((admin) =>
    pick === 'primary-owner'
      ? admin.email.startsWith('it-director@')
      : pick === 'primary-admin'
        ? admin.email.startsWith('sysadmin@')
        : admin.email.startsWith('tech@'),
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

/** A Google admin of an organization that is already set up joins it through onboarding's connect step. */
export async function joinOrganization(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Connect Google Workspace' }).click();
  await page.getByRole('button', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
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
