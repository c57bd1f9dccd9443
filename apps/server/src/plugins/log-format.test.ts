import { describe, expect, it } from 'vitest';
import { logDestination, readableLogLine } from './log-format.ts';

const TIME = Date.UTC(2026, 10, 28, 9, 12, 3, 45);

describe('readable logs', () => {
  it('writes a request line with time, level, message, request, status and duration', () => {
    const line = JSON.stringify({
      level: 30,
      time: TIME,
      pid: 1,
      hostname: 'h',
      reqId: 'a1b2',
      req: { method: 'GET', url: '/api/devices?q=lab' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(readableLogLine(line)).toBe(
      '09:12:03.045  INFO   request completed  GET /api/devices?q=lab  200  12 ms  reqId=a1b2\n',
    );
  });

  it('keeps other fields as key=value and puts an error stack below', () => {
    const line = JSON.stringify({
      level: 50,
      time: TIME,
      msg: 'request failed',
      requestId: 'r1',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(readableLogLine(line)).toBe(
      '09:12:03.045  ERROR  request failed  requestId=r1\n    Error: boom\n    at x\n',
    );
  });

  it('passes a line that is not JSON through, and JSON needs no destination', () => {
    expect(readableLogLine('plain text')).toBe('plain text\n');
    expect(logDestination('json')).toBeUndefined();
    const written: string[] = [];
    logDestination('pretty', { write: (text) => written.push(text) })?.write(
      `${JSON.stringify({ level: 40, time: TIME, msg: 'slow' })}\n`,
    );
    expect(written).toEqual(['09:12:03.045  WARN   slow\n']);
  });
});
