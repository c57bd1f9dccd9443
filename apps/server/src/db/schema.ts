import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FleetTables } from './fleet-schema.ts';
import type { PlanTables } from './plan-schema.ts';
import type { SyncTables } from './sync-schema.ts';

/** Tables owned by Fleetdeck's migrations. Every tenant table carries org_id. */
export interface AuditLogTable {
  id: Generated<string>;
  occurred_at: ColumnType<Date, Date | string | undefined, never>;
  org_id: string | null;
  actor_user_id: string | null;
  actor_label: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  details: JSONColumnType<Record<string, unknown>, Record<string, unknown> | undefined>;
  /** Migration 0018: the member's name at the time (`actor_label` keeps their email). */
  actor_name: string | null;
  /** What started an action Fleetdeck did by itself (`AuditOrigin`). */
  origin: JSONColumnType<Record<string, unknown> | null, Record<string, unknown> | null | undefined>;
  /** The target in words at the time (serial number, OU path, email). */
  target_label: string | null;
  /** Place in its organization's hash chain, as text (bigint). */
  chain_seq: ColumnType<string, string | number, string | number>;
  prev_hash: string;
  hash: string;
}

/** Migration 0018: each audit chain's head (locked by every insert) and retention's anchor. */
export interface AuditChainTable {
  chain: string;
  head_seq: ColumnType<string, string | number, string | number>;
  head_hash: string;
  anchor_seq: ColumnType<string, string | number | undefined, string | number>;
  anchor_hash: ColumnType<string, string | undefined, string>;
}

export type MemberRoleColumn = 'owner' | 'admin' | 'technician' | 'viewer';

/** A generated secret kept once for every process on the same database (see auth-secret.ts). */
export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** One organization per Google Workspace customer. */
export interface OrgTable {
  id: Generated<string>;
  name: string;
  google_customer_id: string;
  primary_domain: string | null;
  managed_ou_path: Generated<string>;
  onboarding_completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0014: when onboarding's OU scope step was first saved. */
  onboarding_scope_chosen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0018: audit entries older than this many days are deleted (30–3650, default 400). */
  audit_retention_days: ColumnType<number, number | undefined, number>;
  /** Migration 0024: a plan changing more devices than this needs a second member's approval. */
  plan_approval_threshold: ColumnType<number, number | undefined, number>;
  /** Migration 0025: the writes a minute running plans may send to Google (the owner's budget). */
  plan_writes_per_minute: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Migration 0017: people with a verified address at these domains join as viewers of these units. */
  auto_join_enabled: Generated<boolean>;
  auto_join_domains: JSONColumnType<string[], string | undefined>;
  auto_join_ou_scope: JSONColumnType<string[], string | undefined>;
}

/** Migration 0017: someone signed in asking to join an organization; owners and admins decide. */
export interface OrgAccessRequestTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  email: string;
  name: Generated<string>;
  message: Generated<string>;
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  role: Exclude<MemberRoleColumn, 'owner'> | null;
  ou_scope: JSONColumnType<string[], string | undefined>;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Migration 0017: when a session last proved a fresh second factor (step-up). */
export interface SessionStepUpTable {
  session_id: string;
  user_id: string;
  method: 'totp' | 'email_code' | null;
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** sha-256 of a mailed step-up code, while one is outstanding. */
  code_hash: string | null;
  code_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  code_attempts: Generated<number>;
}

/** Migration 0022: a member's personal API token (only the secret's sha-256 is kept). */
export interface ApiTokenTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  name: string;
  /** Hex sha-256 of the whole secret (`fdk_…`). */
  token_hash: string;
  /** The secret's first characters (`fdk_AbCd`), shown to tell tokens apart. */
  token_prefix: string;
  role: Exclude<MemberRoleColumn, 'owner'>;
  ou_scope: JSONColumnType<string[], string | undefined>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_used_ip: string | null;
  /** When a use from a new address was last audited (at most once an hour per token). */
  use_audited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_by: string | null;
}

export interface OrgMemberTable {
  org_id: string;
  user_id: string;
  role: MemberRoleColumn;
  /** OU paths the member is limited to (never an owner); empty means the whole managed tree. */
  ou_scope: JSONColumnType<string[], string | undefined>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OrgInvitationTable {
  id: Generated<string>;
  org_id: string;
  email: string;
  role: MemberRoleColumn;
  ou_scope: JSONColumnType<string[], string | undefined>;
  token_hash: string;
  invited_by: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  accepted_by: string | null;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Which admin's Google grant an organization's calls run on, and whether it still works. */
export interface OrgGoogleConnectionTable {
  org_id: string;
  user_id: string;
  /** better-auth's `account.id` of that admin's Google account (tokens encrypted there). */
  account_id: string;
  status: 'connected' | 'needs_reconsent';
  scopes: JSONColumnType<string[], string | undefined>;
  connected_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
}

/** Mail kept in the database when no SMTP server is configured (development and tests). */
export interface MailOutboxTable {
  id: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  recipient: string;
  subject: string;
  text: string;
  link: string | null;
}

/** The columns of better-auth's `session` table that Fleetdeck reads (camelCase is theirs). */
export interface IdentitySessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  aal: string | null;
}

/** The columns of better-auth's `user` table that Fleetdeck reads. */
export interface IdentityUserTable {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean | null;
}

/** The columns of better-auth's `account` table that Fleetdeck reads (tokens stay encrypted). */
export interface IdentityAccountTable {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
  scope: string | null;
}

/** Migration 0008: what Chrome Policy resolved for one OU and namespace, and when. */
export interface PolicyResolvedCacheTable {
  org_id: string;
  org_unit_id: string;
  namespace: string;
  resolved: JSONColumnType<unknown[]>;
  fetched_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0008: the policy schemas of one namespace, per organization. */
export interface PolicySchemaCacheTable {
  org_id: string;
  namespace: string;
  schemas: JSONColumnType<unknown[]>;
  fetched_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DB extends FleetTables, SyncTables, PlanTables {
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
  server_secret: ServerSecretTable;
  org: OrgTable;
  org_member: OrgMemberTable;
  org_invitation: OrgInvitationTable;
  org_access_request: OrgAccessRequestTable;
  session_step_up: SessionStepUpTable;
  api_token: ApiTokenTable;
  org_google_connection: OrgGoogleConnectionTable;
  mail_outbox: MailOutboxTable;
  session: IdentitySessionTable;
  user: IdentityUserTable;
  account: IdentityAccountTable;
  policy_resolved_cache: PolicyResolvedCacheTable;
  policy_schema_cache: PolicySchemaCacheTable;
}
