import {
  GoogleInvalidInputError,
  GooglePageTokenExpiredError,
  GoogleUnexpectedResponseError,
} from '../errors.ts';

/**
 * Paged lists as async iterators. Every page carries the token that fetched it and the token that
 * resumes after it, so a sync engine can commit a page and its `nextPageToken` in one transaction
 * and later restart exactly there.
 */

export interface Page<T> {
  items: T[];
  /** The token this page was fetched with; `undefined` for the first page. */
  pageToken: string | undefined;
  /** Store this after processing the page to resume; `undefined` on the last page. */
  nextPageToken: string | undefined;
}

/** Fetches one page given a token (`undefined` for the first page). */
export type PageFetcher<T> = (
  pageToken: string | undefined,
) => Promise<{ items: T[]; nextPageToken: string | undefined }>;

/** Walks pages from `startPageToken` (or the beginning) until Google stops returning a token. */
export async function* iteratePages<T>(
  fetchPage: PageFetcher<T>,
  startPageToken?: string,
): AsyncGenerator<Page<T>> {
  let pageToken = startPageToken === '' ? undefined : startPageToken;
  for (;;) {
    const page = await fetchWithTokenCheck(fetchPage, pageToken);
    const nextPageToken = page.nextPageToken === '' ? undefined : page.nextPageToken;
    if (nextPageToken !== undefined && nextPageToken === pageToken) {
      throw new GoogleUnexpectedResponseError({
        status: 200,
        message: 'Google returned the same page token twice',
      });
    }
    yield { items: page.items, pageToken, nextPageToken };
    if (nextPageToken === undefined) return;
    pageToken = nextPageToken;
  }
}

/** Flattens pages into items without copying page arrays. */
export async function* iterateItems<T>(pages: AsyncIterable<Page<T>>): AsyncGenerator<T> {
  for await (const page of pages) yield* page.items;
}

/**
 * A 400 on a request that carries a page token, with otherwise the same parameters as the page that
 * produced it, means the token is bad or stale (Google says only "Invalid Input" or "Request contains
 * an invalid argument."); it becomes a `GooglePageTokenExpiredError` so callers re-list from scratch.
 */
async function fetchWithTokenCheck<T>(fetchPage: PageFetcher<T>, pageToken: string | undefined) {
  try {
    return await fetchPage(pageToken);
  } catch (error) {
    if (pageToken === undefined || !(error instanceof GoogleInvalidInputError)) throw error;
    if (error instanceof GooglePageTokenExpiredError) throw error;
    throw new GooglePageTokenExpiredError({
      status: error.status,
      message: `The page token was rejected; list again from the start (${error.message})`,
      reason: error.reason,
      domain: error.domain,
      googleStatus: error.googleStatus,
      errors: [...error.errors],
      details: [...error.details],
      method: error.method,
      url: error.url,
      cause: error,
      fieldViolations: [...error.fieldViolations],
    });
  }
}
