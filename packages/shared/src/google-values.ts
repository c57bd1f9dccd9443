/**
 * Google's enum values as words, the same on every page: "UPDATE_REQUIRED" → "Update required",
 * "notCompliant" → "Not compliant", "BATTERY_REPLACE_SOON" → "Replace soon" (a prefix the field's
 * label already says is dropped, so a narrow column still tells the values apart). Other text
 * (already words, an email) is shown as it is.
 */

const ACRONYMS: Record<string, string> = { os: 'OS', cpu: 'CPU', tpm: 'TPM', usb: 'USB', aue: 'AUE' };

/** Terms written with a hyphen: Google's enums split them at the underscore like any other words. */
const HYPHENATED: readonly (readonly [RegExp, string])[] = [
  [/\bpre (provision\w*)/g, 'pre-$1'],
  [/\bre (enroll\w*|enable\w*)/g, 're-$1'],
  [/\bauto (update\w*)/g, 'auto-$1'],
  [/\bwi fi\b/g, 'Wi-Fi'],
  [/\bbuilt in\b/g, 'built-in'],
];

export function humanizeGoogleValue(value: string): string {
  const camel = /^[a-z]+(?:[A-Z][a-z0-9]*)*$/.test(value);
  if (!camel && !/^[A-Z0-9_]+$/.test(value)) return value;
  const snake = camel ? value.replace(/^updateState(?=[A-Z])/, '').replace(/[A-Z]/g, (c) => `_${c}`) : value;
  const words = snake
    .replace(/^(BATTERY_HEALTH|BATTERY|USER_TYPE|DEVICE_LICENSE_TYPE|DEPROVISION_REASON)_/, '')
    .replace(/^_/, '')
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  const phrased = HYPHENATED.reduce((text, [pattern, written]) => text.replace(pattern, written), words)
    .replace('chrome OS', 'ChromeOS')
    .replace('ChromeOS flex', 'ChromeOS Flex');
  return phrased.charAt(0).toUpperCase() + phrased.slice(1);
}
