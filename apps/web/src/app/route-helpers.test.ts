import { describe, expect, it, vi } from 'vitest';
import { RouterContextProvider, type MiddlewareFunction } from 'react-router';
import { isValidDeviceId } from '@fleetdeck/shared/app-routes';
import {
  guarded,
  isInvalidParamsData,
  validated,
  validatedThenGuarded,
  type AppRouteHandle,
} from './route-helpers.ts';

async function call(
  middleware: MiddlewareFunction,
  path: string,
  params: Record<string, string>,
): Promise<unknown> {
  const url = new URL(path, 'https://fleetdeck.example');
  try {
    await middleware(
      { request: new Request(url), url, params, pattern: '', context: new RouterContextProvider() },
      vi.fn(),
    );
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('validated', () => {
  const device = validated((params) => isValidDeviceId(params.deviceID), {
    title: 'No device has this ID',
    hint: () => 'Not a device ID.',
  });

  it('lets a valid device ID through', async () => {
    expect(await call(device, '/devices/chromebook/abc-123_X', { deviceID: 'abc-123_X' })).toBeUndefined();
  });

  it.each([
    ['/devices/chromebook/bad!id', 'bad!id'],
    ['/devices/chromebook/has%20space', 'has space'],
    [`/devices/chromebook/${'a'.repeat(129)}`, 'a'.repeat(129)],
    ['/devices/chromebook/bad!id?tab=timeline', 'bad!id'],
  ])('answers %s with 404 "Page Not Found: " + the path', async (path, deviceID) => {
    // `data(...)` thrown from middleware; the router turns it into the route error response.
    const error = await call(device, path, { deviceID });
    expect(error).toMatchObject({
      type: 'DataWithResponseInit',
      data: { message: `Page Not Found: ${path}` },
      init: { status: 404 },
    });
  });

  it('carries what is wrong, for the in-shell 404 a member sees', async () => {
    const explained = validated((params) => isValidDeviceId(params.deviceID), {
      title: 'No device has this ID',
      hint: ({ deviceID }) => `${deviceID ?? ''} is not a device ID`,
    });
    const error = (await call(explained, '/devices/chromebook/bad!id', { deviceID: 'bad!id' })) as {
      data: unknown;
    };
    expect(error.data).toEqual({
      message: 'Page Not Found: /devices/chromebook/bad!id',
      title: 'No device has this ID',
      hint: 'bad!id is not a device ID',
    });
    expect(isInvalidParamsData(error.data)).toBe(true);
    expect(isInvalidParamsData('Page Not Found: /x')).toBe(false);
  });
});

describe('validatedThenGuarded', () => {
  it('validates on the route above the guarded page, so validation runs before the guard', () => {
    const route = validatedThenGuarded(
      () => false,
      ['auth'],
      { path: 'chromebook/:deviceID' },
      { title: 'No device has this ID', hint: () => 'Not a device ID.' },
    );
    expect(route.path).toBe('chromebook/:deviceID');
    expect(route.middleware).toHaveLength(1);
    const [page] = route.children ?? [];
    expect(page?.index).toBe(true);
    expect(page?.path).toBeUndefined();
    expect(page?.handle as AppRouteHandle).toEqual({ guards: ['auth'] });
    expect(page?.middleware).toHaveLength(1);
  });
});

describe('guarded', () => {
  it('records the guards in the handle and runs them as middleware first', () => {
    const own: MiddlewareFunction = () => undefined;
    const route = guarded(['auth'], { path: 'dashboard', middleware: [own], handle: { shell: 'app' } });
    expect(route.handle as AppRouteHandle).toEqual({ shell: 'app', guards: ['auth'] });
    expect(route.middleware).toHaveLength(2);
    expect(route.middleware?.[1]).toBe(own);
  });
});
