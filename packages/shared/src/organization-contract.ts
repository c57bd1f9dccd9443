import { z } from 'zod';
import { MEMBER_ROLES } from './permissions.ts';
import { SYNC_STATUSES } from './sync-contract.ts';

/** Request and response shapes of onboarding, members, invitations and OU scopes. */

const MAX_OU_PATH = 1024;

/** An OU path as Google writes it: `/`, or `/` followed by segments, without a trailing slash. */
export const orgUnitPathSchema = z
  .string()
  .min(1)
  .max(MAX_OU_PATH)
  .regex(/^\/(?:[^/]+(?:\/[^/]+)*)?$/, 'must be an OU path such as / or /Schools/North');

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
