/**
 * The `filter` and `orderBy` of `reports:countInstalledApps` (reference §2.5): terms joined by AND
 * (no OR) over the documented fields, each `field op value` with `=`, `!=`, `<`, `<=`, `>`, `>=`;
 * text compared case-insensitively, values optionally in double quotes. Any other field, operator
 * or shape is Google's 400 INVALID_ARGUMENT.
 */
import type { InstalledAppRow } from './installed-apps.ts';
import { rpcInvalid } from './telemetry-filter.ts';

type Op = '=' | '!=' | '<' | '<=' | '>' | '>=';
type Predicate = (app: InstalledAppRow, today: string) => boolean;

const TERM = /^\s*([a-z_]+)\s*(!=|<=|>=|=|<|>)\s*(?:"([^"]*)"|(\S+))\s*$/i;

function compare<T extends string | number>(op: Op, left: T, right: T): boolean {
  switch (op) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
}

function textTerm(op: Op, value: string, read: (app: InstalledAppRow) => string): Predicate | undefined {
  if (op !== '=' && op !== '!=') return undefined;
  const wanted = value.toLowerCase();
  return (app) => compare(op, read(app).toLowerCase(), wanted);
}

function numberTerm(op: Op, value: string, read: (app: InstalledAppRow) => number): Predicate | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const wanted = Number(value);
  return (app) => compare(op, read(app), wanted);
}

function term(field: string, op: Op, value: string): Predicate | undefined {
  switch (field) {
    case 'app_name':
      return textTerm(op, value, (app) => app.displayName);
    case 'app_id':
      return textTerm(op, value, (app) => app.appId);
    case 'app_type':
      return textTerm(op, value, (app) => app.appType);
    case 'install_type':
      return textTerm(op, value, (app) => app.appInstallType);
    case 'permission_name': {
      if (op !== '=' && op !== '!=') return undefined;
      const wanted = value.toLowerCase();
      const has = (app: InstalledAppRow) => app.permissions.some((name) => name.toLowerCase() === wanted);
      return op === '=' ? has : (app) => !has(app);
    }
    case 'number_of_permissions':
      return numberTerm(op, value, (app) => app.permissions.length);
    case 'total_install_count':
      return numberTerm(op, value, (app) => Number(app.osUserCount));
    case 'latest_profile_active_date':
      // Every listed app was used today on the emulator's clock.
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
      return (_app, today) => compare(op, today, value);
    default:
      return undefined;
  }
}

/** A filter as one predicate; throws Google's 400 for anything outside the documented grammar. */
export function parseInstalledAppsFilter(text: string | undefined): Predicate {
  if (!text?.trim()) return () => true;
  const predicates = text.split(/\s+AND\s+/).map((part) => {
    const match = TERM.exec(part);
    const [, field = '', op = '=', quoted, plain] = match ?? [];
    const predicate = match ? term(field.toLowerCase(), op as Op, quoted ?? plain ?? '') : undefined;
    if (!predicate) throw rpcInvalid(`Invalid filter: ${text}`);
    return predicate;
  });
  return (app, today) => predicates.every((predicate) => predicate(app, today));
}

const ORDER_KEYS: Record<string, (app: InstalledAppRow) => string | number> = {
  app_name: (app) => app.displayName.toLowerCase(),
  app_type: (app) => app.appType,
  install_type: (app) => app.appInstallType,
  number_of_permissions: (app) => app.permissions.length,
  total_install_count: (app) => Number(app.osUserCount),
  app_id: (app) => app.appId,
};

/**
 * `app_name`, `total_install_count desc, app_name`… as a comparator. Without one, the most installed
 * first (the emulator's choice; Google documents no default). Ties fall back to the app id so
 * pages never overlap.
 */
export function parseInstalledAppsOrder(
  text: string | undefined,
): (a: InstalledAppRow, b: InstalledAppRow) => number {
  const spec = text?.trim() ? text : 'total_install_count desc';
  const keys = spec.split(',').map((part) => {
    const match = /^\s*([a-z_]+)(?:\s+(asc|desc))?\s*$/i.exec(part);
    const read = match ? ORDER_KEYS[(match[1] ?? '').toLowerCase()] : undefined;
    if (!match || !read) throw rpcInvalid(`Invalid orderBy: ${text ?? ''}`);
    return { read, sign: match[2]?.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const { read, sign } of keys) {
      const x = read(a);
      const y = read(b);
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return a.appId.localeCompare(b.appId);
  };
}
