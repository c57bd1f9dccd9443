import { describe, expect, it } from 'vitest';
import {
  boundaryOf,
  encodeBatchRequest,
  newBoundary,
  parseRequestPart,
  parseResponsePart,
  splitMultipart,
} from './multipart-batch.ts';

describe('multipart batch codec', () => {
  it('round-trips requests with and without a body', () => {
    const body = encodeBatchRequest(
      [
        { id: 'item1', method: 'GET', path: '/a/b?x=1' },
        { id: 'item2', method: 'PATCH', path: '/a/c', body: '{"notes":"é"}' },
      ],
      'batch_x',
    );
    const parts = splitMultipart(body, 'batch_x').map(parseRequestPart);
    expect(parts.map(({ id, method, path, body }) => ({ id, method, path, body }))).toEqual([
      { id: 'item1', method: 'GET', path: '/a/b?x=1', body: undefined },
      { id: 'item2', method: 'PATCH', path: '/a/c', body: '{"notes":"é"}' },
    ]);
    expect(parts[1]?.headers.get('content-length')).toBe('14');
  });

  it('reads a response with LF line ends, quoted boundaries and response- ids', () => {
    const text = [
      '--abc',
      'Content-Type: application/http',
      'Content-ID: <response-item2>',
      '',
      'HTTP/1.1 404 Not Found',
      'Content-Type: application/json',
      '',
      '{"error":{"code":404}}',
      '--abc',
      'Content-Type: application/http',
      'Content-ID: <response-item1>',
      '',
      'HTTP/1.1 200 OK',
      'Retry-After: 3',
      '',
      '{"a":1}',
      '--abc--',
      '',
    ].join('\n');
    expect(boundaryOf('multipart/mixed; boundary="abc"')).toBe('abc');
    const parts = splitMultipart(text, 'abc').map(parseResponsePart);
    expect(parts.map((p) => [p.id, p.status, p.body])).toEqual([
      ['item2', 404, '{"error":{"code":404}}'],
      ['item1', 200, '{"a":1}'],
    ]);
    expect(parts[1]?.headers.get('retry-after')).toBe('3');
  });

  it('rejects what is not a batch', () => {
    expect(boundaryOf('application/json')).toBeUndefined();
    expect(() => splitMultipart('no parts here', 'abc')).toThrow(/no part boundary/);
    expect(() =>
      splitMultipart('--abc\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 200 OK\r\n', 'abc'),
    ).toThrow(/closing boundary/);
    expect(() => parseResponsePart('Content-Type: application/http\r\n\r\nnot http')).toThrow(/status line/);
    expect(() => parseRequestPart('Content-ID: <a>\r\n\r\nFETCH /x\r\n')).toThrow(/unsupported method/);
  });

  it('draws boundaries that differ', () => {
    expect(newBoundary()).toMatch(/^batch_[0-9a-f]{24}$/);
    expect(newBoundary()).not.toBe(newBoundary());
  });
});
