import { afterEach, beforeEach, vi } from 'vitest';
import { format } from 'node:util';

/**
 * Why: React's warnings (a key missing, an update outside act, a failed prop type), a rejected
 * promise a component logged and a server error printed on the way are written with
 * `console.error` and nothing else; a test that passes while one is printed hides a defect. Every
 * Vitest project loads this file: a test that writes to `console.error` fails, naming the first
 * message. A test that means to provoke one spies on `console.error` itself (its spy replaces this
 * one for that test).
 */

const original = console.error.bind(console);
let written: string[] = [];

beforeEach(() => {
  written = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    written.push(format(...args));
    original(...args);
  });
});

afterEach(() => {
  const messages = written;
  written = [];
  if (messages.length === 0) return;
  throw new Error(
    `console.error was called ${messages.length} time(s) during this test; the first: ${messages[0]?.slice(0, 500) ?? ''}`,
  );
});
