import { createHash } from 'node:crypto';
import type { EmulatorAdmin } from './demo-admins.ts';
import { isApiScope, type AuthorizationRequest } from './authorization-request.ts';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f1f3f4;color:#202124}
main{max-width:34rem;margin:3rem auto;background:#fff;border:1px solid #dadce0;border-radius:8px;padding:2rem}
h1{font-size:1.4rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem}.muted{color:#5f6368}
fieldset{border:1px solid #dadce0;border-radius:6px;margin:0 0 1rem;padding:.5rem 1rem}
legend{padding:0 .25rem;font-weight:600}label{display:block;margin:.3rem 0;word-break:break-all}
.account{display:block;width:100%;text-align:left;background:#fff;border:1px solid #dadce0;border-radius:6px;
padding:.6rem .9rem;margin:0 0 .5rem;font:inherit;cursor:pointer}
.account:hover,.account:focus{border-color:#1a73e8;outline:2px solid #1a73e8}
.account strong{display:block}.hint{border-color:#1a73e8}.deny{background:none;border:0;color:#1a73e8;font:inherit;cursor:pointer;padding:.5rem 0}
.error{color:#b3261e}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** A strict CSP: no script at all, only this page's own stylesheet, forms only to us and the client. */
export function consentPageCsp(redirectUri?: string): string {
  // Browsers apply form-action to the redirect that follows a form post, so the client origin is allowed.
  const formTargets = redirectUri === undefined ? "'self'" : `'self' ${new URL(redirectUri).origin}`;
  return `default-src 'none'; style-src ${STYLE_HASH}; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function accountButton(admin: EmulatorAdmin, hinted: boolean): string {
  return `<button class="account${hinted ? ' hint' : ''}" type="submit" name="account" value="${escapeHtml(admin.email)}">
<strong>${escapeHtml(admin.name)}</strong>${escapeHtml(admin.email)}<br><span class="muted">${escapeHtml(admin.description)}</span></button>`;
}

function scopeBoxes(scopes: readonly string[]): string {
  const rows = scopes.map((scope) =>
    isApiScope(scope)
      ? `<label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ${escapeHtml(scope)}</label>`
      : `<label><input type="checkbox" checked disabled> ${escapeHtml(scope)}</label>`,
  );
  return `<fieldset><legend>Access requested</legend>${rows.join('')}</fieldset>`;
}

/** The account chooser and consent form; every account is a submit button, so no script is needed. */
export function renderConsentPage(params: {
  requestId: string;
  request: AuthorizationRequest;
  admins: readonly EmulatorAdmin[];
}): string {
  const { request, requestId } = params;
  const hint = request.loginHint?.toLowerCase();
  const ordered = [...params.admins].sort(
    (a, b) => Number(b.email.toLowerCase() === hint) - Number(a.email.toLowerCase() === hint),
  );
  const accounts =
    ordered.length === 0
      ? `<p class="error">No account belongs to ${escapeHtml(request.hostedDomain ?? '')}.</p>`
      : ordered.map((admin) => accountButton(admin, admin.email.toLowerCase() === hint)).join('');
  const offline =
    request.accessType === 'offline'
      ? '<p class="muted">This app asks for offline access (a refresh token).</p>'
      : '';
  const body = `<h1>Choose an account</h1>
<p>to continue to <strong>${escapeHtml(new URL(request.redirectUri).host)}</strong> <span class="muted">(client ${escapeHtml(request.clientId)})</span></p>
${offline}
<form method="post" action="/o/oauth2/v2/auth">
<input type="hidden" name="request_id" value="${escapeHtml(requestId)}">
${scopeBoxes(request.scopes)}
${accounts}
<button class="deny" type="submit" name="action" value="deny">Cancel</button>
</form>`;
  return page('Sign in – Google Accounts', body);
}

/** Google's "Error 400: invalid_request" page, shown instead of redirecting a malformed request. */
export function renderErrorPage(status: number, error: string, description: string): string {
  return page(
    `Error ${status}: ${error}`,
    `<h1>Access blocked: this request is invalid</h1><p class="error">Error ${status}: ${escapeHtml(error)}</p><p>${escapeHtml(description)}</p>`,
  );
}
