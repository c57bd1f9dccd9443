import { z } from 'zod';
import { rpcStatusSchema } from '../wire-types.ts';

/** `batchChangeStatus` and `moveDevicesToOu`: bulk writes limited to 50 device IDs per call (§1.3). */

/** Google's documented maximum number of device IDs in one bulk call. */
export const MAX_DEVICE_IDS_PER_CALL = 50;

export const CHANGE_STATUS_ACTIONS = [
  'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION',
  'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
  'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_REENABLE',
] as const;
export type ChangeStatusAction = (typeof CHANGE_STATUS_ACTIONS)[number];
export type RequestDeprovisionReason = (typeof REQUEST_DEPROVISION_REASONS)[number];

/** Reasons a caller may give when deprovisioning (the request-side subset of the enum). */
export const REQUEST_DEPROVISION_REASONS = [
  'DEPROVISION_REASON_SAME_MODEL_REPLACEMENT',
  'DEPROVISION_REASON_UPGRADE',
  'DEPROVISION_REASON_DOMAIN_MOVE',
  'DEPROVISION_REASON_SERVICE_EXPIRATION',
  'DEPROVISION_REASON_OTHER',
  'DEPROVISION_REASON_DIFFERENT_MODEL_REPLACEMENT',
  'DEPROVISION_REASON_RETIRING_DEVICE',
  'DEPROVISION_REASON_UPGRADE_TRANSFER',
  'DEPROVISION_REASON_NOT_REQUIRED',
  'DEPROVISION_REASON_REPAIR_CENTER',
] as const;

const deviceIdSchema = z.string().min(1).max(128);

/** Every ID of one bulk action; checked in full before the first chunk is sent. */
export const bulkDeviceIdsSchema = z.array(deviceIdSchema).min(1).max(250_000);

/** The action part of `batchChangeStatus`: a reason is required with DEPROVISION and only then. */
export const changeStatusActionSchema = z
  .object({
    changeChromeOsDeviceStatusAction: z.enum(CHANGE_STATUS_ACTIONS),
    deprovisionReason: z.enum(REQUEST_DEPROVISION_REASONS).optional(),
  })
  .refine(
    (body) =>
      (body.changeChromeOsDeviceStatusAction === 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION') ===
      (body.deprovisionReason !== undefined),
    {
      message: 'deprovisionReason is required with DEPROVISION and not allowed otherwise',
      path: ['deprovisionReason'],
    },
  );

/** One `batchChangeStatus` call's body, as sent to Google (≤ 50 IDs). */
export const batchChangeStatusRequestSchema = z.object({
  deviceIds: z.array(deviceIdSchema).min(1).max(MAX_DEVICE_IDS_PER_CALL),
  changeChromeOsDeviceStatusAction: z.enum(CHANGE_STATUS_ACTIONS),
  deprovisionReason: z.enum(REQUEST_DEPROVISION_REASONS).optional(),
});
export type BatchChangeStatusRequest = z.infer<typeof batchChangeStatusRequestSchema>;

/** One device's outcome: `response` (an empty object) on success, `error` otherwise. */
export const changeStatusResultSchema = z.object({
  deviceId: z.string().optional(),
  response: z.object({}).optional(),
  error: rpcStatusSchema.optional(),
});
export type ChangeStatusResult = z.infer<typeof changeStatusResultSchema>;

export const batchChangeStatusResponseSchema = z.object({
  changeChromeOsDeviceStatusResults: z.array(changeStatusResultSchema).optional(),
});
export type BatchChangeStatusResponse = z.infer<typeof batchChangeStatusResponseSchema>;

/** The `moveDevicesToOu` body (≤ 50 IDs); the target OU travels in the query string. */
export const moveDevicesToOuRequestSchema = z.object({
  deviceIds: z.array(deviceIdSchema).min(1).max(MAX_DEVICE_IDS_PER_CALL),
});
