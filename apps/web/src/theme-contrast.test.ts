/// <reference types="node" />
// eslint-disable-next-line no-restricted-imports -- a test in Node reads the stylesheet as written; never bundled
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.2 AA contrast of the design tokens (styles.css), in the light and the dark theme: every
 * text colour the components put on a background (4.5:1; 3:1 for the focus ring and the
 * outlines that mark stale results, which are not text). axe-core checks the pages the journeys
 * show; this checks every pairing, including states a journey may not reach.
 */

function tokens(selector: string): Map<string, string> {
  const block = new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return new Map(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]),
  );
}

/** oklch(L C H) → linear-light sRGB (CSS Color 4), clipped to the gamut as a browser shows it. */
function linearRgb(value: string): [number, number, number] {
  const match = /oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(value);
  if (!match) throw new Error(`not an oklch colour: ${value}`);
  const [l, c, h] = [Number(match[1]), Number(match[2]), (Number(match[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    clip(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    clip(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ];
}

function luminance(value: string): number {
  // Through 8-bit sRGB, as the screen (and axe-core) sees it.
  const [r, g, b] = linearRgb(value).map((v) => {
    const encoded = Math.round((v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055) * 255) / 255;
    return encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const css = readFileSync(new URL('styles.css', import.meta.url), 'utf8');

const SURFACES = ['background', 'surface', 'surface-raised', 'muted'];
/** [text, on what, at least] */
const PAIRS: readonly (readonly [string, readonly string[], number])[] = [
  ['foreground', SURFACES, 4.5],
  ['muted-foreground', SURFACES, 4.5],
  ['accent', ['background', 'surface', 'surface-raised', 'accent-subtle'], 4.5],
  ['accent-foreground', ['accent', 'accent-hover'], 4.5],
  ['accent-subtle-foreground', ['accent-subtle', 'background', 'surface'], 4.5],
  ['danger', ['background', 'surface', 'surface-raised'], 4.5],
  ['danger-foreground', ['danger'], 4.5],
  ['danger-subtle-foreground', ['danger-subtle', 'surface'], 4.5],
  ['warning-subtle-foreground', ['warning-subtle', 'surface', 'background'], 4.5],
  ['success-subtle-foreground', ['success-subtle', 'surface', 'background'], 4.5],
  ['ring', ['background', 'surface'], 3],
];

describe.each([
  ['light', ':root'],
  ['dark', '.dark'],
])('the %s theme', (_name, selector) => {
  const theme = tokens(selector);
  it.each(
    PAIRS.flatMap(([text, backgrounds, minimum]) => backgrounds.map((bg) => [text, bg, minimum] as const)),
  )('%s on %s reaches %s:1', (text, background, minimum) => {
    const ratio = contrast(theme.get(text) ?? '', theme.get(background) ?? '');
    expect(ratio, `${text} on ${background}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
  });
});
