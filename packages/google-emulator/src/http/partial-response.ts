/**
 * Google's `fields` partial-response parameter: `nextPageToken,chromeosdevices(deviceId,notes)`,
 * `a/b/c`, nesting allowed. Applied to the JSON tree after a handler builds it, or used by a handler
 * to build only what is selected (device listings).
 */
import { invalidArgument } from './google-errors.ts';

export type FieldTree = Map<string, FieldTree | true>;

/** Parsed selections by their text: a sync sends the same few `fields` values thousands of times. */
const parsedFields = new Map<string, FieldTree>();
const MAX_PARSED_FIELDS = 64;

/**
 * Parses a `fields` value; throws Google's 400 on a syntax error. The tree is shared by every
 * request with the same text, so callers only read it.
 */
export function parseFields(text: string): FieldTree {
  let tree = parsedFields.get(text);
  if (tree === undefined) {
    tree = parseFieldsText(text);
    if (parsedFields.size >= MAX_PARSED_FIELDS) parsedFields.clear();
    parsedFields.set(text, tree);
  }
  return tree;
}

function parseFieldsText(text: string): FieldTree {
  let at = 0;
  const fail = (): never => {
    throw invalidArgument(`Invalid field selection ${text}`, 'invalidParameter');
  };

  function parseList(): FieldTree {
    const tree: FieldTree = new Map();
    for (;;) {
      parseItem(tree);
      if (text[at] === ',') {
        at++;
        continue;
      }
      return tree;
    }
  }

  function parseItem(into: FieldTree): void {
    const start = at;
    while (at < text.length && /[A-Za-z0-9_@$.*-]/.test(text[at] as string)) at++;
    const name = text.slice(start, at).trim();
    if (!name) fail();
    let node: FieldTree | true = true;
    if (text[at] === '/') {
      at++;
      const child: FieldTree = new Map();
      parseItem(child);
      node = child;
    } else if (text[at] === '(') {
      at++;
      node = parseList();
      if (text[at] !== ')') fail();
      at++;
    }
    merge(into, name, node);
  }

  const tree = parseList();
  if (at !== text.length) fail();
  return tree;
}

function merge(into: FieldTree, name: string, node: FieldTree | true): void {
  const existing = into.get(name);
  if (existing === true || node === true || existing === undefined) {
    into.set(name, existing === true || node === true ? true : node);
    return;
  }
  for (const [key, child] of node) merge(existing, key, child);
}

/** Keeps only the selected parts of `value`; arrays are filtered element by element. */
export function applyFields(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFields(item, tree));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const [key, node] of tree) {
    if (key === '*') return value;
    if (!(key in source)) continue;
    out[key] = node === true ? source[key] : applyFields(source[key], node);
  }
  return out;
}

/**
 * Why: `applyFields` for a body whose `built` value a handler already built with only the fields
 * `tree` selects for it (a page of devices), so that large value is not copied a second time.
 */
export function applyFieldsAround(
  value: Record<string, unknown>,
  tree: FieldTree,
  built: string,
): Record<string, unknown> {
  if (tree.has('*')) return value;
  const out: Record<string, unknown> = {};
  for (const [key, node] of tree) {
    if (!(key in value)) continue;
    out[key] = node === true || key === built ? value[key] : applyFields(value[key], node);
  }
  return out;
}
