import { z } from 'zod';
import { deviceListItemSchema } from './fleet-contract.ts';
import {
  DEVICE_COMMAND_TYPES,
  DEPROVISION_REASONS,
  DEVICE_FIELD_LIMITS,
  DISABLE_NOTE_LIMIT,
  DISABLE_REASONS,
  RETURN_MESSAGE_LIMIT,
} from './device-actions.ts';

/**
 * One device's API contract: the detail page (everything known), its telemetry over time, its
 * timeline, its actions and remote commands (bulk actions over many devices: bulk-contract.ts). The
 * server shapes responses with these schemas; the browser imports the types only.
 */

/** `GET /api/devices/:deviceId` */
export const deviceDetailSchema = z.object({
  device: deviceListItemSchema.extend({
    customerId: z.string(),
    chromeOsType: z.string().nullable(),
    deprovisionReason: z.string().nullable(),
    cpuModel: z.string().nullable(),
    tpmVersion: z.string().nullable(),
    /** Google's `osUpdateStatus` in short: target version and times. */
    osUpdate: z
      .object({
        state: z.string().nullable(),
        targetOsVersion: z.string().nullable(),
        updateTime: z.string().nullable(),
        rebootTime: z.string().nullable(),
      })
      .nullable(),
    recentUsers: z.array(z.object({ email: z.string().nullable(), type: z.string().nullable() })),
    /**
     * Minutes active per day from Google's activeTimeRanges, oldest first: every day from the first
     * reported to the last, days Google leaves out (no activity) at 0.
     */
    activeTime: z.array(z.object({ date: z.string(), activeMinutes: z.number() })),
    lastKnownNetwork: z.array(
      z.object({ ipAddress: z.string().nullable(), wanIpAddress: z.string().nullable() }),
    ),
    /** Kiosk / managed guest devices may take screenshot and set-volume commands. */
    isKiosk: z.boolean(),
    firstSeenAt: z.string(),
    deletedAt: z.string().nullable(),
  }),
  /** When our copy of this device last changed and when the organization last synced. */
  lastSyncedAt: z.string().nullable(),
  /** What the caller may do here (from the role matrix), so the page hides what would be refused. */
  can: z.object({
    annotate: z.boolean(),
    move: z.boolean(),
    command: z.boolean(),
    deprovision: z.boolean(),
  }),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

/** `GET /api/devices/:deviceId/telemetry?days=90` */
export const telemetryQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(90) });
export const telemetrySampleSchema = z.object({
  sampledAt: z.string(),
  batteryHealth: z.string().nullable(),
  batteryCycleCount: z.number().nullable(),
  batteryFullChargeCapacity: z.number().nullable(),
  batteryDesignCapacity: z.number().nullable(),
  storageFreeBytes: z.number().nullable(),
  storageTotalBytes: z.number().nullable(),
  memoryFreeBytes: z.number().nullable(),
  memoryTotalBytes: z.number().nullable(),
  cpuUtilizationPercent: z.number().nullable(),
  osUpdateState: z.string().nullable(),
});
export type TelemetrySample = z.infer<typeof telemetrySampleSchema>;
export const telemetryResponseSchema = z.object({ samples: z.array(telemetrySampleSchema) });

/** `GET /api/devices/:deviceId/timeline?cursor=&limit=`: newest first. */
export const TIMELINE_KINDS = [
  'field',
  'user',
  'org_unit',
  'status',
  'command',
  'sync',
  'enrollment',
  /** A Chrome policy of the device's unit changed by a Fleetdeck action (the return message). */
  'policy',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const timelineQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const timelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** Where the change came from: Google (sync), a Fleetdeck action, or a person's edit. */
  source: z.enum(['sync', 'action', 'user']),
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  /** Who did it, for actions and edits. */
  actor: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** One human sentence, e.g. "Moved from /Riverbend/North to /Riverbend/South". */
  summary: z.string(),
  /** The change plan that made this change, linked from the timeline ("changed by plan …"). */
  plan: z.object({ id: z.string(), title: z.string() }).nullable().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelineResponseSchema = z.object({
  entries: z.array(timelineEntrySchema),
  nextCursor: z.string().nullable(),
});

/** `PATCH /api/devices/:deviceId`: Google's annotated fields within its limits. */
export const annotateDeviceRequestSchema = z
  .object({
    annotatedAssetId: z.string().trim().max(DEVICE_FIELD_LIMITS.annotatedAssetId),
    annotatedLocation: z.string().trim().max(DEVICE_FIELD_LIMITS.annotatedLocation),
    annotatedUser: z.string().trim().max(DEVICE_FIELD_LIMITS.annotatedUser),
    notes: z.string().max(DEVICE_FIELD_LIMITS.notes),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one field.' });
export type AnnotateDeviceRequest = z.infer<typeof annotateDeviceRequestSchema>;

/** `POST /api/devices/:deviceId/move` */
export const moveDeviceRequestSchema = z.object({ orgUnitId: z.string().min(1).max(200) });

/**
 * The disabled-device return message of an OU's Chrome policy, as Fleetdeck writes it: trimmed,
 * not empty, at most RETURN_MESSAGE_LIMIT characters.
 */
export const returnMessageSchema = z
  .string()
  .trim()
  .min(1, 'The return message is empty. Write what the device should show, or leave the message unchanged.')
  .max(
    RETURN_MESSAGE_LIMIT,
    `The return message is longer than ${RETURN_MESSAGE_LIMIT.toLocaleString('en-US')} characters. Shorten it and try again.`,
  );

/** Why a device is disabled, kept in Fleetdeck's audit log and timeline only (Google has no field for it). */
export const disableReasonFields = {
  reason: z.enum(DISABLE_REASONS).optional(),
  note: z.string().trim().max(DISABLE_NOTE_LIMIT).optional(),
};

/**
 * The return message one OU's devices show, as read from Google: `set` (by this unit or one above
 * it, `sourcePath`), `not_set` (Google's default disabled-device screen) or `unavailable` (`error`).
 */
export const unitReturnMessageSchema = z.object({
  orgUnitPath: z.string(),
  state: z.enum(['set', 'not_set', 'unavailable']),
  message: z.string().nullable(),
  sourcePath: z.string().nullable(),
  error: z.string().nullable(),
});
export type UnitReturnMessage = z.infer<typeof unitReturnMessageSchema>;

/**
 * `GET /api/devices/:deviceId/return-message`: what the device shows once disabled, read from the
 * Chrome policy of its OU. `set`: a unit (its own or a parent) sets a message; `not_set`: Google's
 * default disabled-device screen; `unavailable`: Google could not be asked (`error` says why).
 */
export const returnMessageViewSchema = z.object({
  orgUnit: z.object({ id: z.string(), path: z.string() }),
  state: z.enum(['set', 'not_set', 'unavailable']),
  message: z.string().nullable(),
  /** The unit whose policy sets the message (the device's own unit or a parent). */
  source: z.object({ path: z.string(), direct: z.boolean() }).nullable(),
  error: z.string().nullable(),
  /** Whether the caller may change the message of this unit (`policy.edit`). */
  canEdit: z.boolean(),
  limit: z.number().int(),
  /**
   * Only when the caller may edit and the message is set on the device's own unit (not the root):
   * the parent unit's effective message, which the device shows after "Use the parent unit's
   * message" (`inheritOrgUnitReturnMessage`). Null otherwise: nothing to go back to.
   */
  parent: unitReturnMessageSchema.nullable(),
});
export type ReturnMessageView = z.infer<typeof returnMessageViewSchema>;

/** `POST /api/devices/:deviceId/status` */
export const changeStatusRequestSchema = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('disable'),
      ...disableReasonFields,
      /**
       * A new return message for the device's OU: written to the OU's Chrome policy first (every
       * disabled device in that OU and the units inheriting from it shows it), then the device is
       * disabled. Needs `policy.edit`.
       */
      orgUnitReturnMessage: returnMessageSchema.optional(),
      /**
       * Before disabling, remove the message set on the device's OU (Chrome Policy `batchInherit`)
       * so the unit follows its parent's message again. Needs `policy.edit`; not with
       * `orgUnitReturnMessage`, not for the root unit.
       */
      inheritOrgUnitReturnMessage: z.literal(true).optional(),
    })
    .refine((body) => !(body.orgUnitReturnMessage !== undefined && body.inheritOrgUnitReturnMessage), {
      message:
        "Either set a new return message or use the parent unit's message, not both. Choose one and try again.",
      path: ['inheritOrgUnitReturnMessage'],
    }),
  z.object({ action: z.literal('reenable') }),
  z.object({ action: z.literal('deprovision'), reason: z.enum(DEPROVISION_REASONS) }),
]);
export type ChangeStatusRequest = z.infer<typeof changeStatusRequestSchema>;

/** `POST /api/devices/:deviceId/commands` */
export const issueCommandRequestSchema = z.object({
  type: z.enum(DEVICE_COMMAND_TYPES),
  /** SET_VOLUME: 0–100. */
  volume: z.number().int().min(0).max(100).optional(),
  /** REBOOT: seconds a signed-in user gets before the reboot (0–300). */
  userSessionDelaySeconds: z.number().int().min(0).max(300).optional(),
});
export type IssueCommandRequest = z.infer<typeof issueCommandRequestSchema>;

/** A remote command as we track it (`GET /api/devices/:deviceId/commands[/:commandId]`). */
export const deviceCommandSchema = z.object({
  commandId: z.string(),
  deviceId: z.string(),
  type: z.string(),
  /** Google's state: PENDING, SENT_TO_CLIENT, ACKED_BY_CLIENT, EXECUTED_BY_CLIENT, EXPIRED, CANCELLED. */
  state: z.string(),
  terminal: z.boolean(),
  issuedAt: z.string(),
  issuedBy: z
    .object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  /** Google's result once executed: SUCCESS, FAILURE, IGNORED, with its message and payload. */
  result: z
    .object({
      result: z.string().nullable(),
      errorMessage: z.string().nullable(),
      executeTime: z.string().nullable(),
      payload: z.string().nullable(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;
export const listCommandsResponseSchema = z.object({ commands: z.array(deviceCommandSchema) });
