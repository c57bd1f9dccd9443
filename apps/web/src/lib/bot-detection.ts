/**
 * Crawlers and link-preview fetchers announce themselves in the user agent. Named agents are
 * listed explicitly; the generic tail catches the long tail (`SomethingBot/1.0`, `... crawler`).
 */
const NAMED_AGENTS = [
  'googlebot',
  'google-inspectiontool',
  'googleother',
  'adsbot-google',
  'mediapartners-google',
  'apis-google',
  'feedfetcher-google',
  'storebot-google',
  'bingbot',
  'bingpreview',
  'msnbot',
  'adidxbot',
  'slurp',
  'duckduckbot',
  'duckassistbot',
  'baiduspider',
  'yandex.com/bots',
  'sogou',
  'exabot',
  'seznambot',
  'petalbot',
  'applebot',
  'facebookexternalhit',
  'facebookcatalog',
  'meta-externalagent',
  'facebot',
  'ia_archiver',
  'archive.org_bot',
  'twitterbot',
  'linkedinbot',
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'telegrambot',
  'whatsapp',
  'skypeuripreview',
  'embedly',
  'pinterestbot',
  'redditbot',
  'semrushbot',
  'ahrefsbot',
  'mj12bot',
  'dotbot',
  'rogerbot',
  'screaming frog',
  'gptbot',
  'chatgpt-user',
  'oai-searchbot',
  'ccbot',
  'claudebot',
  'claude-web',
  'anthropic-ai',
  'perplexitybot',
  'bytespider',
  'amazonbot',
  'diffbot',
  'uptimerobot',
  'pingdom',
  'statuscake',
  'site24x7',
];

const NAMED_PATTERN = new RegExp(NAMED_AGENTS.map(escapeRegExp).join('|'), 'i');
/** `...bot`, `...crawler`, `...spider`, `...scraper` ending a product token, e.g. `FooBot/2.1` or `(compatible; barcrawler)`. */
const GENERIC_PATTERN = /(?:bot|crawler|spider|scraper)(?=[\s/;)_-]|$)/i;
/** Phones and browsers whose names happen to end in "bot" (Cubot handsets). */
const FALSE_POSITIVES = /cubot/gi;

/**
 * Why: a render error is shown to people as an error page, but a crawler must keep seeing the
 * working shell (an error page would be indexed as the site's content), so we only log for bots.
 */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  const ua = userAgent.trim();
  if (ua === '') return false;
  if (NAMED_PATTERN.test(ua)) return true;
  if (!GENERIC_PATTERN.test(ua)) return false;
  const withoutFalsePositives = ua.replace(FALSE_POSITIVES, '');
  return GENERIC_PATTERN.test(withoutFalsePositives);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
