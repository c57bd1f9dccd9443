import { describe, expect, it } from 'vitest';
import { apiaryError, createFakeFetch, createTestClient, type Responder } from '../../test/fake-fetch.ts';
import { GOOGLE_SAMPLE_DEVICE } from '../../test/device-fixtures.ts';
import { GoogleNotFoundError, GoogleUnexpectedResponseError } from '../errors.ts';

/** The batch transport against a fake Google: what goes on the wire and how answers are matched. */

function batchAnswer(parts: { id: string; status: number; body: unknown }[], boundary = 'resp_b'): Responder {
  const text = parts
    .map(
      (part) =>
        `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <response-${part.id}>\r\n\r\n` +
        `HTTP/1.1 ${part.status} X\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(part.body)}\r\n`,
    )
    .join('');
  return () =>
    new Response(`${text}--${boundary}--\r\n`, {
      status: 200,
      headers: { 'content-type': `multipart/mixed; boundary=${boundary}` },
    });
}

const notFound = {
  error: { code: 404, message: 'Resource Not Found: deviceId', errors: [{ reason: 'notFound' }] },
};

describe('GoogleTransport.batch', () => {
  it('posts one multipart body of GETs to the batch path and matches answers by Content-ID', async () => {
    const fake = createFakeFetch(
      batchAnswer([
        { id: 'item2', status: 404, body: notFound },
        { id: 'item1', status: 200, body: GOOGLE_SAMPLE_DEVICE },
      ]),
    );
    const { client } = createTestClient(fake);
    const outcomes = await client.directory.batchGetChromeOsDevices(['a', 'b'], { projection: 'FULL' });
    const sent = fake.requests[0];
    expect(fake.requests).toHaveLength(1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/batch');
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=batch_[0-9a-f]{24}$/);
    expect(sent?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(sent?.body).toContain(
      'GET /admin/directory/v1/customer/my_customer/devices/chromeos/a?projection=FULL&prettyPrint=false HTTP/1.1',
    );
    expect(sent?.body).toContain('Content-ID: <item2>');
    expect(outcomes[0]).toEqual({
      ok: true,
      value: expect.objectContaining({ deviceId: GOOGLE_SAMPLE_DEVICE.deviceId }),
    });
    expect(outcomes[1]?.ok === false ? outcomes[1].error : undefined).toBeInstanceOf(GoogleNotFoundError);
  });

  it('fails a call the answer left out, and a part that is not the expected shape, on their own', async () => {
    const fake = createFakeFetch(batchAnswer([{ id: 'item1', status: 200, body: { deviceId: 7 } }]));
    const { client } = createTestClient(fake);
    const [shapeless, missing] = await client.directory.batchGetChromeOsDevices(['a', 'b']);
    expect(shapeless?.ok === false ? shapeless.error : undefined).toBeInstanceOf(
      GoogleUnexpectedResponseError,
    );
    expect(missing?.ok === false ? missing.error.message : '').toMatch(/left out call 2/);
  });

  it('retries the whole batch on a 503 and refuses an answer that is not a batch', async () => {
    const retried = createFakeFetch(
      apiaryError(503, 'backendError', 'Backend Error'),
      batchAnswer([{ id: 'item1', status: 200, body: GOOGLE_SAMPLE_DEVICE }]),
    );
    const { client } = createTestClient(retried);
    expect((await client.directory.batchGetChromeOsDevices(['a'])).map((o) => o.ok)).toEqual([true]);
    expect(retried.requests).toHaveLength(2);

    const plain = createFakeFetch(
      () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(createTestClient(plain).client.directory.batchGetChromeOsDevices(['a'])).rejects.toThrow(
      /without a multipart\/mixed body/,
    );
  });
});
