/**
 * Google's enum values as words, the same on every page: "UPDATE_REQUIRED" → "Update required",
 * "notCompliant" → "Not compliant", "BATTERY_REPLACE_SOON" → "Replace soon" (a prefix the field's
 * label already says is dropped, so a narrow column still tells the values apart). Other text
 * (already words, an email) is shown as it is.
 */

const ACRONYMS: Record<string, string> = { os: 'OS', cpu: 'CPU', tpm: 'TPM', usb: 'USB', aue: 'AUE' };

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
    .join(' ')
    .replace('chrome OS', 'ChromeOS')
    .replace('ChromeOS flex', 'ChromeOS Flex');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
