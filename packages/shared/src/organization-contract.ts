import { z } from 'zod';
import { MAX_OU_PATH, OU_PATH_PATTERN } from './ou-path.ts';
import { MEMBER_ROLES } from './permissions.ts';
import { SYNC_STATUSES } from './sync-contract.ts';

/** Request and response shapes of onboarding, members, invitations and OU scopes. */

/** An OU path as Google writes it: `/`, or `/` followed by segments, without a trailing slash. */
export const orgUnitPathSchema = z
  .string()
  .min(1)
  .max(MAX_OU_PATH)
  .regex(OU_PATH_PATTERN, 'must be an OU path such as / or /Schools/North');

export const memberRoleSchema = z.enum(MEMBER_ROLES);

/**
 * Where an organization is in onboarding, named by the last step it finished:
 * - `signed_in`: no organization yet, or its Google Workspace is not connected (or must be
 *   reconnected); the connect step is next;
 * - `connected`: the Workspace is connected; choosing what Fleetdeck manages (the OU scope) is next;
 * - `scope_chosen`: the OU scope is saved; the first sync is next, or under way, or must be retried;
 * - `complete`: the first full sync succeeded (or an admin finished onboarding); members use the product.
 */
export const ONBOARDING_STEPS = ['signed_in', 'connected', 'scope_chosen', 'complete'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const onboardingStatusResponseSchema = z.object({
  step: z.enum(ONBOARDING_STEPS),
  onboarded: z.boolean(),
  organization: z
    .object({
      id: z.string(),
      name: z.string(),
      customerId: z.string(),
      primaryDomain: z.string().nullable(),
      managedOuPath: z.string(),
      role: memberRoleSchema,
    })
    .nullable(),
  google: z
    .object({
      status: z.enum(['connected', 'needs_reconsent']),
      missingScopes: z.array(z.string()),
    })
    .nullable(),
  /** What the server has recorded of the organization's onboarding; null without an organization. */
  progress: z
    .object({
      /** When the OU scope step was first saved (ISO 8601); saving it again keeps this time. */
      scopeChosenAt: z.string().nullable(),
      /** The first complete copy (a succeeded full sync), else the latest full sync attempted. */
      firstSync: z
        .object({
          runId: z.string(),
          status: z.enum(SYNC_STATUSES),
          finishedAt: z.string().nullable(),
        })
        .nullable(),
      /** When an admin finished onboarding with "Go to the dashboard" (ISO 8601). */
      completedAt: z.string().nullable(),
    })
    .nullable(),
});
export type OnboardingStatusResponse = z.infer<typeof onboardingStatusResponseSchema>;

export const ouScopeRequestSchema = z.object({ ouPath: orgUnitPathSchema.default('/') }).strict();
export type OuScopeRequest = z.input<typeof ouScopeRequestSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: memberRoleSchema,
  ouScope: z.array(z.string()),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListResponseSchema = z.object({ members: z.array(memberSchema) });

export const memberUpdateRequestSchema = z
  .object({
    role: memberRoleSchema.optional(),
    /** OU subtrees a viewer is limited to; empty means the whole managed tree. */
    ouScope: z.array(orgUnitPathSchema).max(100).optional(),
  })
  .strict();
export type MemberUpdateRequest = z.infer<typeof memberUpdateRequestSchema>;

export const invitationCreateRequestSchema = z
  .object({
    email: z.email().max(320),
    role: memberRoleSchema,
    ouScope: z.array(orgUnitPathSchema).max(100).default([]),
  })
  .strict();
export type InvitationCreateRequest = z.input<typeof invitationCreateRequestSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  ouScope: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListResponseSchema = z.object({ invitations: z.array(invitationSchema) });

/**
 * Bounded only: a link cut short or altered is answered in words (`invitationLinkProblem`, checked
 * by the server before any lookup) rather than as a schema error about string lengths.
 */
const invitationTokenSchema = z.string().max(1000).default('');

export const invitationAcceptRequestSchema = z.object({ token: invitationTokenSchema }).strict();

/** `GET /api/invitations/preview?token=`: what accepting joins, shown before the button. */
export const invitationPreviewQuerySchema = z.object({ token: invitationTokenSchema }).strict();
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  ouScope: z.array(z.string()),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Roles an access request or the domain rule may grant (never owner). */
export const joinRoleSchema = z.enum(['admin', 'technician', 'viewer']);

/** `POST /api/access-requests`: ask the organization of your Google Workspace (or email domain) to let you in. */
export const accessRequestCreateSchema = z
  .object({ message: z.string().trim().max(1000).default('') })
  .strict();
export type AccessRequestCreate = z.input<typeof accessRequestCreateSchema>;

export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;

export const accessRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  message: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  role: joinRoleSchema.nullable(),
  ouScope: z.array(z.string()),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

export const accessRequestListResponseSchema = z.object({ requests: z.array(accessRequestSchema) });

/**
 * What a signed-in person in no organization can do: ask the organization of their Google
 * Workspace (or verified email domain), which uses Fleetdeck already; set up their own Workspace
 * (a Google account whose customer is not in Fleetdeck yet); or nothing without an invitation.
 */
export const joinOptionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ask'), organizationName: z.string() }),
  z.object({ kind: z.literal('set_up') }),
  z.object({ kind: z.literal('no_organization'), message: z.string() }),
]);
export type JoinOption = z.infer<typeof joinOptionSchema>;

/**
 * `GET /api/access-requests/mine`: the caller's latest request, and to which organization; for
 * someone in no organization with no request waiting, what they can do (`join`, else null).
 */
export const myAccessRequestSchema = z.object({
  request: accessRequestSchema.extend({ organizationName: z.string() }).nullable(),
  join: joinOptionSchema.nullable(),
});
export type MyAccessRequest = z.infer<typeof myAccessRequestSchema>;

export const accessRequestApproveSchema = z
  .object({ role: joinRoleSchema, ouScope: z.array(orgUnitPathSchema).max(100).default([]) })
  .strict();
export type AccessRequestApprove = z.input<typeof accessRequestApproveSchema>;

/** An email domain as people type it: `springfield.k12.us`. */
const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain such as springfield.k12.us',
  );

/** The owner's rule: people with a verified address at these domains join as viewers of these units. */
export const autoJoinSchema = z
  .object({
    enabled: z.boolean(),
    domains: z.array(domainSchema).max(20),
    ouScope: z.array(orgUnitPathSchema).max(100),
  })
  .strict();
export type AutoJoin = z.infer<typeof autoJoinSchema>;

export const transferOwnershipSchema = z.object({ userId: z.string().min(1).max(128) }).strict();

/** `GET /api/organization/google-connection`: whose grant the organization runs on. */
export const googleConnectionSchema = z.object({
  connected: z.boolean(),
  status: z.enum(['connected', 'needs_reconsent']).nullable(),
  grantedBy: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  since: z.string().nullable(),
  scopes: z.array(z.string()),
  missingScopes: z.array(z.string()),
  lastError: z.string().nullable(),
});
export type GoogleConnection = z.infer<typeof googleConnectionSchema>;
