/**
 * The device query language's parsed form: typed values, field and free-text terms, the AST and
 * its errors. Zod-free and DOM-free, like the parser (device-query.ts).
 */
import type { DeviceQueryOperatorName, HasField } from './device-query-operators.ts';

export type DurationUnit = 'd' | 'w' | 'm' | 'y';

/** A value of a term, already validated and typed: the server compiles it without re-parsing. */
export type DeviceQueryValue =
  /** Text compared as the operator defines (partial, exact, word); `prefix` for `chrome_version:111;prefix`. */
  | { readonly kind: 'text'; readonly text: string; readonly prefix: boolean }
  /** Stored values (exact), optionally including "no value"; `exclude` inverts (`status:managed`). */
  | {
      readonly kind: 'enum';
      readonly values: readonly string[];
      readonly includeNull: boolean;
      readonly exclude: boolean;
    }
  /** Half-open range of dates or UTC instants: `gte <= value < lt`. ISO `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`. */
  | { readonly kind: 'dateRange'; readonly gte: string | null; readonly lt: string | null }
  /** `stale:30d`, `active:7d`: a span back from now. */
  | { readonly kind: 'relative'; readonly amount: number; readonly unit: DurationUnit }
  /** `aue:expired` */
  | { readonly kind: 'aueExpired' }
  /** `aue:<6m`: from today (inclusive) to today + span (exclusive). */
  | { readonly kind: 'aueWithin'; readonly amount: number; readonly unit: DurationUnit }
  /** Inclusive number range (bytes for storage and RAM). */
  | { readonly kind: 'numberRange'; readonly gte: number | null; readonly lte: number | null }
  /** `storage_free:..10%`: free share of total, `gte <= share < lt` (percent). */
  | { readonly kind: 'percentRange'; readonly gte: number | null; readonly lt: number | null }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** `ou:/Path` (subtree) or `ou:=/Path` (that OU only). Paths compare case-insensitively. */
  | { readonly kind: 'orgUnit'; readonly path: string; readonly subtree: boolean }
  /** `has:model`: the named column has a value (`present: false`: has none, as `aue:unknown`). */
  | { readonly kind: 'has'; readonly field: HasField; readonly present: boolean };

export interface DeviceQueryFieldTerm {
  readonly kind: 'field';
  readonly operator: DeviceQueryOperatorName;
  readonly negated: boolean;
  /** OR-ed alternatives (`field:a,b`). */
  readonly values: readonly DeviceQueryValue[];
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface DeviceQueryTextTerm {
  readonly kind: 'text';
  readonly negated: boolean;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export type DeviceQueryTerm = DeviceQueryFieldTerm | DeviceQueryTextTerm;

/** The parsed query: terms AND-ed. An empty list matches every device. */
export interface DeviceQueryAst {
  readonly terms: readonly DeviceQueryTerm[];
}

export interface DeviceQueryError {
  readonly message: string;
  /** Offsets into the query text (end exclusive). */
  readonly start: number;
  readonly end: number;
  readonly term: string;
}

export type DeviceQueryParseResult =
  | { readonly ok: true; readonly query: DeviceQueryAst }
  | { readonly ok: false; readonly errors: readonly DeviceQueryError[] };
