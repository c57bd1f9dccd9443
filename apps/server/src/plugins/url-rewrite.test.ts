import { describe, expect, it } from 'vitest';
import { readableUrl } from './url-rewrite.ts';

describe('readableUrl', () => {
  it('leaves well-encoded paths and every query string as sent', () => {
    for (const url of ['/', '/devices/chromebook/abc-123', '/a%20b?q=%', '/x?q=%%%', '/%E2%9C%93']) {
      expect(readableUrl(url)).toBe(url);
    }
  });

  it('reads a path that does not decode literally, keeping its query', () => {
    expect(readableUrl('/devices/chromebook/%%%')).toBe('/devices/chromebook/%25%25%25');
    expect(readableUrl('/d/%FF')).toBe('/d/%25FF');
    expect(readableUrl('/d/%zz/%20?q=%')).toBe('/d/%25zz/%2520?q=%');
    expect(decodeURIComponent(readableUrl('/d/%FF%20'))).toBe('/d/%FF%20');
  });
});
