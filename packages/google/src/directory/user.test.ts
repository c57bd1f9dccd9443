import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { apiaryError, createFakeFetch, createTestClient, json } from '../../test/fake-fetch.ts';
import { GoogleNotFoundError } from '../errors.ts';

describe('DirectoryClient users.get', () => {
  it('asks for one user by email with the basic projection and the four fields', async () => {
    const fake = createFakeFetch(
      json(200, {
        primaryEmail: 'ana.ruiz@school.example.edu',
        name: { givenName: 'Ana', familyName: 'Ruiz', fullName: 'Ana Ruiz' },
        orgUnitPath: '/Students/Grade 7',
        suspended: true,
      }),
    );
    const { client } = createTestClient(fake);
    const user = await client.directory.getUser('ana.ruiz@school.example.edu');
    const sent = fake.requests[0];
    expect(sent?.url.pathname).toBe('/admin/directory/v1/users/ana.ruiz%40school.example.edu');
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      projection: 'basic',
      fields: 'primaryEmail,name,orgUnitPath,suspended',
      prettyPrint: 'false',
    });
    expect(user).toEqual({
      primaryEmail: 'ana.ruiz@school.example.edu',
      name: { givenName: 'Ana', familyName: 'Ruiz', fullName: 'Ana Ruiz' },
      orgUnitPath: '/Students/Grade 7',
      suspended: true,
    });
  });

  it('defaults the OU to the root and suspended to false when Google leaves them out', async () => {
    const { client } = createTestClient(createFakeFetch(json(200, { primaryEmail: 'a@b.example' })));
    expect(await client.directory.getUser('a@b.example')).toMatchObject({
      orgUnitPath: '/',
      suspended: false,
    });
  });

  it('refuses keys that are not an email before calling Google, and maps 404', async () => {
    const fake = createFakeFetch(apiaryError(404, 'notFound', 'Resource Not Found: userKey'));
    const { client } = createTestClient(fake);
    await expect(client.directory.getUser('../customers/x')).rejects.toBeInstanceOf(ZodError);
    await expect(client.directory.getUser(`${'a'.repeat(250)}@b.example`)).rejects.toBeInstanceOf(ZodError);
    expect(fake.requests).toHaveLength(0);
    await expect(client.directory.getUser('nobody@b.example')).rejects.toBeInstanceOf(GoogleNotFoundError);
  });
});
