import { createHash } from 'node:crypto';

/** What a demo account may do in the Admin APIs, modelled on Google admin roles. */
export type AdminRole = 'owner' | 'admin' | 'technician' | 'viewer' | 'user';

export interface EmulatorAdmin {
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  /** Google's `sub`: a stable 21-digit number. */
  subject: string;
  hostedDomain: string;
  customerId: string;
  role: AdminRole;
  /** Shown on the consent page so testers know what each account is for. */
  description: string;
  /**
   * Scopes this account may use for writes (a scope without `.readonly`). `'*'` means every write.
   * Reads need any admin role; the `user` role (not an admin) is refused every Admin API call.
   */
  writeScopes: readonly string[];
}

const DEVICE_WRITE = 'https://www.googleapis.com/auth/admin.directory.device.chromeos';

/** A stable Google-like subject id derived from the email, so ids survive restarts. */
export function subjectFor(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  let digits = '1';
  for (let i = 0; digits.length < 21; i += 1) digits += String((digest[i % digest.length] ?? 0) % 10);
  return digits;
}

/** A customer id of Google's form (`C` + 8 alphanumerics) derived from a seed string. */
export function customerIdFor(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `C0${hex.slice(0, 7)}`;
}

interface AdminSeed {
  local: string;
  givenName: string;
  familyName: string;
  role: AdminRole;
  description: string;
  writeScopes: readonly string[];
}

const PRIMARY_SEEDS: readonly AdminSeed[] = [
  {
    local: 'it-director',
    givenName: 'Dana',
    familyName: 'Whitaker',
    role: 'owner',
    description: 'Super admin: every API, reads and writes.',
    writeScopes: ['*'],
  },
  {
    local: 'sysadmin',
    givenName: 'Marcus',
    familyName: 'Okafor',
    role: 'admin',
    description: 'Admin: every API, reads and writes.',
    writeScopes: ['*'],
  },
  {
    local: 'tech',
    givenName: 'Priya',
    familyName: 'Raman',
    role: 'technician',
    description: 'Help desk: reads everything, writes devices only (no policy or OU changes).',
    writeScopes: [DEVICE_WRITE],
  },
  {
    local: 'librarian',
    givenName: 'Owen',
    familyName: 'Lindqvist',
    role: 'viewer',
    description: 'Read-only admin: every write is refused with 403.',
    writeScopes: [],
  },
  {
    local: 'teacher',
    givenName: 'Rosa',
    familyName: 'Delgado',
    role: 'user',
    description: 'Not an admin: signs in, but every Admin API call is refused with 403.',
    writeScopes: [],
  },
];

function toAdmin(seed: AdminSeed, domain: string, customerId: string): EmulatorAdmin {
  const email = `${seed.local}@${domain}`;
  return {
    email,
    name: `${seed.givenName} ${seed.familyName}`,
    givenName: seed.givenName,
    familyName: seed.familyName,
    subject: subjectFor(email),
    hostedDomain: domain,
    customerId,
    role: seed.role,
    description: seed.description,
    writeScopes: seed.writeScopes,
  };
}

/** The demo accounts of the generated customer plus one admin of a second customer (tenant isolation). */
export function createDemoAdmins(domain: string, customerId: string): EmulatorAdmin[] {
  const admins = PRIMARY_SEEDS.map((seed) => toAdmin(seed, domain, customerId));
  const otherDomain = `other-${domain}`;
  const other = toAdmin(
    {
      local: 'admin',
      givenName: 'Sam',
      familyName: 'Novak',
      role: 'owner',
      description: 'Super admin of a second customer: must never see this customer’s data.',
      writeScopes: ['*'],
    },
    otherDomain,
    customerIdFor(`second:${customerId}`),
  );
  return [...admins, other];
}

/** Whether the account may call a route; `write` routes list no readonly scope. */
export function adminMayCall(
  admin: EmulatorAdmin,
  grantedRouteScopes: readonly string[],
  write: boolean,
): boolean {
  if (admin.role === 'user') return false;
  if (!write) return true;
  if (admin.writeScopes.includes('*')) return true;
  return grantedRouteScopes.some((scope) => admin.writeScopes.includes(scope));
}
