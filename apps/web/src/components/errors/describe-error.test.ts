import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { ApiNetworkError, ApiRequestError } from '../../lib/api-client.ts';
import { ChunkLoadError } from '../../lib/chunk-reload.ts';
import { GENERIC_TITLE, NOT_FOUND_TITLE, describeError } from './describe-error.ts';

describe('describeError', () => {
  it("uses the seed's exact default titles", () => {
    expect(NOT_FOUND_TITLE).toBe('Page Not Found');
    expect(GENERIC_TITLE).toBe('Internal Server Error');
  });

  it('shows a route validation failure as the not-found variant with its message', () => {
    const view = describeError(
      new ErrorResponseImpl(404, 'Not Found', 'Page Not Found: /devices/chromebook/bad!id'),
    );
    expect(view).toMatchObject({
      status: 404,
      variant: 'not-found',
      title: 'Page Not Found',
      message: 'Page Not Found: /devices/chromebook/bad!id',
    });
    expect(view.description).toMatch(/mistyped/);
  });

  it.each([400, 401, 403, 418, 500, 502, 503])(
    'shows status %i as the generic variant titled Internal Server Error',
    (status) => {
      const view = describeError(new ErrorResponseImpl(status, 'X', null));
      expect(view.variant).toBe('generic');
      expect(view.title).toBe('Internal Server Error');
      expect(view.status).toBe(status);
      expect(view.message).toBe('X');
      expect(view.description.length).toBeGreaterThan(20);
    },
  );

  it('carries the API request id as a reference', () => {
    const view = describeError(
      new ApiRequestError({ status: 500, code: 'internal', message: 'Something broke.', requestId: 'req-9' }),
    );
    expect(view).toMatchObject({
      status: 500,
      title: 'Internal Server Error',
      message: 'Something broke.',
      requestId: 'req-9',
    });
  });

  it('explains chunk failures with their own title and a reload hint', () => {
    const view = describeError(
      new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module')),
    );
    expect(view.status).toBe(500);
    expect(view.variant).toBe('generic');
    expect(view.title).toBe('This page could not be loaded');
    expect(view.description).toMatch(/Reload/);
  });

  it('treats render exceptions and odd throws as 500 with their message', () => {
    expect(describeError(new Error('Cannot read properties of undefined'))).toMatchObject({
      status: 500,
      title: 'Internal Server Error',
      message: 'Cannot read properties of undefined',
      requestId: undefined,
    });
    expect(describeError('boom').message).toBe('boom');
    expect(describeError(null).message).toMatch(/Something went wrong/);
    const offline = new ApiNetworkError('Offline.', {
      attempts: 3,
      requestId: '6f1c2a9e-3b7d-4c1e-9a2b-0c4d5e6f7a8b',
      cause: null,
    });
    // The id every attempt carried is the reference, though no answer came back.
    expect(describeError(offline)).toMatchObject({
      status: 503,
      requestId: '6f1c2a9e-3b7d-4c1e-9a2b-0c4d5e6f7a8b',
    });
  });

  it('reads a message from a structured response body', () => {
    expect(
      describeError(new ErrorResponseImpl(404, 'Not Found', { message: 'No such device.' })).message,
    ).toBe('No such device.');
    expect(describeError(new ErrorResponseImpl(404, '', null)).message).toBe('This page does not exist.');
  });
});
