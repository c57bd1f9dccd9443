import { describe, expect, it } from 'vitest';
import {
  GoogleInvalidInputError,
  GooglePageTokenExpiredError,
  GoogleUnexpectedResponseError,
} from '../errors.ts';
import { iterateItems, iteratePages, type Page } from './pagination.ts';

const pages: Record<string, { items: number[]; nextPageToken: string | undefined }> = {
  start: { items: [1, 2], nextPageToken: 't2' },
  t2: { items: [3, 4], nextPageToken: 't3' },
  t3: { items: [5], nextPageToken: undefined },
};

function fetcher(seen: (string | undefined)[]) {
  return async (token: string | undefined) => {
    seen.push(token);
    const page = pages[token ?? 'start'];
    if (!page) throw new Error(`no page ${token}`);
    return page;
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('iteratePages', () => {
  it('walks every page and exposes the token of each page and the one after it', async () => {
    const seen: (string | undefined)[] = [];
    const result = await collect(iteratePages(fetcher(seen)));
    expect(result.map((p: Page<number>) => [p.pageToken, p.items, p.nextPageToken])).toEqual([
      [undefined, [1, 2], 't2'],
      ['t2', [3, 4], 't3'],
      ['t3', [5], undefined],
    ]);
    expect(seen).toEqual([undefined, 't2', 't3']);
  });

  it('resumes from a stored token', async () => {
    const seen: (string | undefined)[] = [];
    const items = await collect(iterateItems(iteratePages(fetcher(seen), 't2')));
    expect(items).toEqual([3, 4, 5]);
    expect(seen).toEqual(['t2', 't3']);
  });

  it('fetches lazily, one page per step', async () => {
    const seen: (string | undefined)[] = [];
    const iterator = iteratePages(fetcher(seen));
    await iterator.next();
    expect(seen).toEqual([undefined]);
    await iterator.return(undefined);
    expect(seen).toEqual([undefined]);
  });

  it('treats an empty next token as the last page', async () => {
    const result = await collect(iteratePages(async () => ({ items: [1], nextPageToken: '' })));
    expect(result).toHaveLength(1);
    expect(result[0]?.nextPageToken).toBeUndefined();
  });

  it('turns a 400 on a tokened page into a page-token-expired error', async () => {
    const invalid = new GoogleInvalidInputError({
      status: 400,
      message: 'Invalid Input: 0',
      reason: 'invalid',
    });
    const iterator = iteratePages(async (token) => {
      if (token) throw invalid;
      return { items: [1], nextPageToken: 'old' };
    });
    await iterator.next();
    const error = await iterator.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GooglePageTokenExpiredError);
    expect((error as GooglePageTokenExpiredError).cause).toBe(invalid);
    expect((error as GooglePageTokenExpiredError).reason).toBe('invalid');
  });

  it('keeps a 400 on the first page as plain invalid input', async () => {
    const invalid = new GoogleInvalidInputError({ status: 400, message: 'bad query' });
    const error = await collect(iteratePages(async () => Promise.reject(invalid))).catch((e: unknown) => e);
    expect(error).toBe(invalid);
  });

  it('refuses to loop forever on a repeated token', async () => {
    const error = await collect(
      iteratePages(async () => ({ items: [1], nextPageToken: 'same' }), 'same'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleUnexpectedResponseError);
  });
});
