/**
 * Why: `npm start` on a terminal is read by a person; JSON lines are for pipes and log collectors.
 * A pino destination that turns each JSON line into one readable line (time, level, message, the
 * request in short, other fields as key=value, an error's stack below it). No extra dependency.
 */

const LEVELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const OMITTED = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'req',
  'res',
  'err',
  'responseTime',
  'reqId',
]);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** One pino JSON line as a readable line; a line that is not JSON is returned as it came. */
export function readableLogLine(line: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = new Date(record.time ?? Date.now()).toISOString().slice(11, 23);
  const parts = [time, LEVELS[record.level ?? 30] ?? String(record.level), record.msg ?? ''];
  if (record.req?.method) parts.push(`${record.req.method} ${record.req.url ?? ''}`);
  if (record.res?.statusCode !== undefined) parts.push(String(record.res.statusCode));
  if (record.responseTime !== undefined) parts.push(`${Math.round(record.responseTime)} ms`);
  for (const [key, value] of Object.entries(record)) {
    if (OMITTED.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  if (record.reqId) parts.push(`reqId=${record.reqId}`);
  let text = parts.filter((part) => part !== '').join('  ');
  if (record.err)
    text += `\n    ${record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`}`;
  return `${text}\n`;
}

/** The logger's destination for `format`: undefined keeps pino's JSON lines on standard output. */
export function logDestination(
  format: 'json' | 'pretty',
  out: { write(text: string): unknown } = process.stdout,
): { write(line: string): void } | undefined {
  if (format === 'json') return undefined;
  return { write: (line) => void out.write(readableLogLine(line)) };
}
