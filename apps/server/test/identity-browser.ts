import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { approveConsent, CookieJar, type GoogleStandIn } from './google-sign-in-harness.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const PUBLIC_URL = 'http://localhost:3000';

/** Why: every Google sign-in test runs the app against the same stand-in for Google. */
export function createSignInTestApp(google: GoogleStandIn): Promise<TestApp> {
  return createTestApp({ GOOGLE_ISSUER_URL: google.origin, GOOGLE_API_ROOT_URL: google.origin, PUBLIC_URL });
}

/** Every response any test browser received, for the scan that no Google token leaks. */
export const seenResponses: LightMyRequestResponse[] = [];

/** A browser against the app: cookies, our Origin on every request, a stable client address. */
export class Browser {
  readonly jar = new CookieJar();
  readonly app: FastifyInstance;
  readonly address: string;

  constructor(app: FastifyInstance, address = '10.0.0.1') {
    this.app = app;
    this.address = address;
  }

  async request(options: {
    method: InjectOptions['method'];
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse> {
    const cookie = this.jar.header();
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      remoteAddress: this.address,
      headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
    });
    this.jar.store(response);
    seenResponses.push(response);
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload });
  }

  /** Email one-time-code sign-in, reading the code from the development outbox; the user's id. */
  async signInWithEmailCode(email: string): Promise<string> {
    const sent = await this.post('/api/identity/email-otp/send-verification-otp', { email, type: 'sign-in' });
    if (sent.statusCode !== 200)
      throw new Error(`send-verification-otp answered ${sent.statusCode}: ${sent.body}`);
    const outbox = await this.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const text = outbox.json<{ messages: { text: string }[] }>().messages[0]?.text ?? '';
    const otp = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
    const signedIn = await this.post('/api/identity/sign-in/email-otp', { email, otp });
    if (signedIn.statusCode !== 200)
      throw new Error(`sign-in/email-otp answered ${signedIn.statusCode}: ${signedIn.body}`);
    return signedIn.json<{ user: { id: string } }>().user.id;
  }

  /** Step-up with a code mailed to `email` (a member without an authenticator), read from the outbox. */
  async stepUpWithEmailCode(email: string): Promise<void> {
    const sent = await this.post('/api/auth/step-up/email-code');
    if (sent.statusCode !== 204)
      throw new Error(`step-up/email-code answered ${sent.statusCode}: ${sent.body}`);
    const outbox = await this.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const messages = outbox.json<{ messages: { subject: string; text: string }[] }>().messages;
    const mail = messages.find((message) => message.subject === 'Your Fleetdeck confirmation code');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    const proved = await this.post('/api/auth/step-up', { method: 'email_code', code });
    if (proved.statusCode !== 200) throw new Error(`step-up answered ${proved.statusCode}: ${proved.body}`);
  }

  /** Forgot password? for `email`: the link of the mail it sends, read from the outbox. */
  async passwordResetLink(email: string): Promise<URL> {
    const asked = await this.post('/api/identity/request-password-reset', {
      email,
      redirectTo: `${PUBLIC_URL}/reset-password`,
    });
    if (asked.statusCode !== 200)
      throw new Error(`request-password-reset answered ${asked.statusCode}: ${asked.body}`);
    const mail = (await this.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`))
      .json<{ messages: { subject: string; link: string }[] }>()
      .messages.find((message) => message.subject === 'Choose your Fleetdeck password');
    if (!mail) throw new Error(`no password mail for ${email} in the outbox`);
    return new URL(mail.link);
  }

  /** Google sign-in end to end: start at better-auth, consent at the emulator, return to the callback. */
  async signInWithGoogle(
    email: string,
    keepScope?: (scope: string) => boolean,
  ): Promise<LightMyRequestResponse> {
    const start = await this.post('/api/identity/sign-in/social', {
      provider: 'google',
      callbackURL: '/dashboard',
      disableRedirect: true,
    });
    if (start.statusCode !== 200)
      throw new Error(`sign-in/social answered ${start.statusCode}: ${start.body}`);
    const location = await approveConsent(start.json<{ url: string }>().url, email, keepScope);
    const callback = new URL(location);
    if (callback.origin !== PUBLIC_URL) throw new Error(`consent redirected to ${location}`);
    return this.get(`${callback.pathname}${callback.search}`);
  }
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for the secret inside an otpauth URI. */
export function totpCode(totpURI: string, at = Date.now()): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
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
