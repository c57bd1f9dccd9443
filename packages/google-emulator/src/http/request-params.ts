/**
 * Reading Google-style query parameters: repeated values take the first, enums match without
 * regard to case or underscores (`lastSync`, `LAST_SYNC`), and every failure is Google's 400.
 */
import type { FastifyRequest } from 'fastify';
import { badEnum, invalidArgument, outOfRange } from './google-errors.ts';

type Query = Record<string, string | string[] | undefined>;

export function stringParam(request: FastifyRequest, name: string, maxLength = 2_000): string | undefined {
  const raw = (request.query as Query)[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value !== undefined && value.length > maxLength) {
    throw invalidArgument(
      `Invalid value for ${name}: longer than ${maxLength} characters`,
      'invalidParameter',
    );
  }
  return value;
}

export function intParam(
  request: FastifyRequest,
  name: string,
  range: { min: number; max: number; default: number },
): number {
  const text = stringParam(request, name, 20);
  if (text === undefined || text === '') return range.default;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < range.min || value > range.max)
    throw outOfRange(text, range.min, range.max);
  return value;
}

export function boolParam(request: FastifyRequest, name: string): boolean {
  const text = stringParam(request, name, 10)?.toLowerCase();
  if (text === undefined || text === '' || text === 'false') return false;
  if (text === 'true') return true;
  throw invalidArgument(`Invalid value '${text}' for ${name}: expected true or false`, 'invalidParameter');
}

const squash = (text: string) => text.replace(/_/g, '').toLowerCase();

export function enumParam<T extends string>(
  request: FastifyRequest,
  name: string,
  values: readonly T[],
): T | undefined {
  const text = stringParam(request, name, 100);
  if (text === undefined || text === '') return undefined;
  const found = values.find((value) => squash(value) === squash(text));
  if (found === undefined) throw badEnum(name, text, values);
  return found;
}
