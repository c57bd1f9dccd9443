import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api-client.ts';
import { setStepUpHandler, withStepUp } from './step-up.ts';

const held = () =>
  new ApiRequestError({
    status: 403,
    code: 'step_up_required',
    message: 'Confirm it is you to deprovision a device.',
    details: { reason: 'deprovision', methods: ['totp'] },
  });

describe('withStepUp', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => unregister?.());

  it('asks once, then sends the held request again', async () => {
    const handler = vi.fn(async () => true);
    unregister = setStepUpHandler(handler);
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(held()).mockResolvedValueOnce('done');
    await expect(withStepUp(call)).resolves.toBe('done');
    expect(handler).toHaveBeenCalledWith({ reason: 'deprovision', methods: ['totp'] }, expect.any(String));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('keeps the original error when the member cancels', async () => {
    unregister = setStepUpHandler(async () => false);
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(held());
    await expect(withStepUp(call)).rejects.toMatchObject({ code: 'step_up_required' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('opens one dialog for requests held at the same time', async () => {
    let answer: (proved: boolean) => void = () => undefined;
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    unregister = setStepUpHandler(handler);
    const first = vi.fn<() => Promise<number>>().mockRejectedValueOnce(held()).mockResolvedValueOnce(1);
    const second = vi.fn<() => Promise<number>>().mockRejectedValueOnce(held()).mockResolvedValueOnce(2);
    const both = Promise.all([withStepUp(first), withStepUp(second)]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    answer(true);
    await expect(both).resolves.toEqual([1, 2]);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('passes every other error through untouched', async () => {
    unregister = setStepUpHandler(async () => true);
    const forbidden = new ApiRequestError({
      status: 403,
      code: 'forbidden',
      message: 'Your role does not allow this action.',
    });
    await expect(withStepUp(() => Promise.reject(forbidden))).rejects.toBe(forbidden);
  });
});
