/**
 * The one way Fleetdeck code changes the page by URL. Targets come from links, server answers
 * and the route-rule manifest, so they are treated as untrusted: leaving the app needs an
 * explicit `external: true`, and script-like protocols (`javascript:`, `data:`, `vbscript:`)
 * are refused however they are disguised unless the caller opts in with a loudly named flag.
 */

export interface NavigateToOptions {
  /** Allow an absolute URL on another origin (followed by a full page load). */
  readonly external?: boolean;
  /** Replace the current history entry instead of pushing a new one. */
  readonly replace?: boolean;
  /** Allow `javascript:`, `data:` and `vbscript:` targets. Almost never right; the name is meant to be noticed in review. */
  readonly dangerouslyAllowScriptProtocol?: boolean;
}

export type NavigationTarget =
  { readonly kind: 'internal'; readonly path: string } | { readonly kind: 'external'; readonly href: string };

export type NavigationRefusal =
  'empty' | 'script-protocol' | 'external' | 'unsupported-protocol' | 'malformed';

/** A navigation that was refused; `reason` is stable for callers, `message` is for people. */
export class NavigationRefusedError extends Error {
  readonly reason: NavigationRefusal;
  readonly target: string;

  constructor(reason: NavigationRefusal, target: string, message: string) {
    super(message);
    this.name = 'NavigationRefusedError';
    this.reason = reason;
    this.target = target;
  }
}

const SCRIPT_PROTOCOLS = ['javascript:', 'data:', 'vbscript:'] as const;
const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const MAX_DECODE_ROUNDS = 5;

/**
 * Why: one pure decision for every caller (links, route rules, redirects after sign-in), so
 * the refusal rules are tested once and cannot drift between call sites.
 */
export function resolveNavigationTarget(
  target: string,
  options: NavigateToOptions,
  currentOrigin: string,
): NavigationTarget {
  const shown = describe(target);
  const cleaned = stripUrlWhitespace(target);
  if (cleaned === '') {
    throw new NavigationRefusedError('empty', target, 'Refused to navigate: the target URL is empty.');
  }
  const scriptProtocol = findScriptProtocol(cleaned);
  if (scriptProtocol) {
    if (!options.dangerouslyAllowScriptProtocol) {
      throw new NavigationRefusedError(
        'script-protocol',
        target,
        `Refused to navigate to ${shown}: "${scriptProtocol}" URLs can run code or disguise content, so they are blocked. ` +
          'Pass { dangerouslyAllowScriptProtocol: true } only if this target is fully trusted.',
      );
    }
    return { kind: 'external', href: cleaned };
  }

  let url: URL;
  try {
    url = new URL(cleaned, `${currentOrigin}/`);
  } catch {
    throw new NavigationRefusedError(
      'malformed',
      target,
      `Refused to navigate to ${shown}: it is not a valid URL.`,
    );
  }
  if (url.origin === currentOrigin && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  }
  if (!EXTERNAL_PROTOCOLS.has(url.protocol)) {
    throw new NavigationRefusedError(
      'unsupported-protocol',
      target,
      `Refused to navigate to ${shown}: "${url.protocol}" links are not supported; use an http(s) address.`,
    );
  }
  if (!options.external) {
    throw new NavigationRefusedError(
      'external',
      target,
      `Refused to navigate to ${shown}: it leaves Fleetdeck (${url.origin === 'null' ? url.protocol : url.origin}). ` +
        'Pass { external: true } to allow a full page load to another site.',
    );
  }
  return { kind: 'external', href: url.href };
}

/** Where `navigateTo` sends internal and external navigations; the router registers the in-app half. */
export interface NavigationEnvironment {
  readonly origin: string;
  readonly assign: (href: string) => void;
  readonly replace: (href: string) => void;
  readonly navigateInApp: ((path: string, options: { replace: boolean }) => unknown) | null;
}

let inAppNavigator: NavigationEnvironment['navigateInApp'] = null;

/** Why: src/lib must not import the router, so the app hands its `router.navigate` in at start-up. */
export function registerInAppNavigator(navigate: NonNullable<NavigationEnvironment['navigateInApp']>): void {
  inAppNavigator = navigate;
}

function browserEnvironment(): NavigationEnvironment {
  return {
    origin: window.location.origin,
    assign: (href) => window.location.assign(href),
    replace: (href) => window.location.replace(href),
    navigateInApp: inAppNavigator,
  };
}

/**
 * Why: internal targets stay client-side (no reload, state kept); anything leaving the app
 * becomes a full page load, and only when the caller said so. Throws NavigationRefusedError.
 */
export function navigateTo(
  target: string,
  options: NavigateToOptions = {},
  environment: NavigationEnvironment = browserEnvironment(),
): NavigationTarget {
  const resolved = resolveNavigationTarget(target, options, environment.origin);
  const replace = options.replace ?? false;
  if (resolved.kind === 'internal' && environment.navigateInApp) {
    void environment.navigateInApp(resolved.path, { replace });
    return resolved;
  }
  const href = resolved.kind === 'internal' ? resolved.path : resolved.href;
  if (replace) environment.replace(href);
  else environment.assign(href);
  return resolved;
}

/** The URL parser drops tabs and newlines anywhere and C0 controls or spaces at either end. */
function stripUrlWhitespace(target: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return target.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/**
 * Checks the target as the browser will read it and after undoing encodings an attacker
 * might count on a later decode step for (percent-encoding, HTML character references).
 */
function findScriptProtocol(cleaned: string): string | null {
  let candidate = cleaned;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    const normalized = stripUrlWhitespace(candidate)
      // eslint-disable-next-line no-control-regex -- control characters inside a scheme are ignored by old parsers
      .replace(/[\u0000-\u001f\u007f\s]/g, '')
      .toLowerCase();
    const hit = SCRIPT_PROTOCOLS.find((protocol) => normalized.startsWith(protocol));
    if (hit) return hit;
    const decoded = decodeHtmlReferences(safeDecodeUri(candidate));
    if (decoded === candidate) return null;
    candidate = decoded;
  }
  return null;
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
}

const NAMED_REFERENCES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  amp: '&',
};

function decodeHtmlReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return codePoint(Number.parseInt(lower.slice(2), 16), match);
    if (lower.startsWith('#')) return codePoint(Number.parseInt(lower.slice(1), 10), match);
    return NAMED_REFERENCES[lower] ?? match;
  });
}

function codePoint(value: number, fallback: string): string {
  return Number.isFinite(value) && value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : fallback;
}

/** Quotes a target for an error message without flooding logs with a huge data: URL. */
function describe(target: string): string {
  const oneLine = target.replace(/\s+/g, ' ');
  return JSON.stringify(oneLine.length > 80 ? `${oneLine.slice(0, 77)}...` : oneLine);
}
