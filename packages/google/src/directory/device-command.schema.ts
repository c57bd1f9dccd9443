import { z } from 'zod';
import { googleTimestamp, int64String, openEnum } from '../wire-types.ts';

/** Remote commands on a ChromeOS device: `issueCommand` and `commands.get` (reference §1.4). */

export const COMMAND_TYPES = [
  'COMMAND_TYPE_UNSPECIFIED',
  'REBOOT',
  'TAKE_A_SCREENSHOT',
  'SET_VOLUME',
  'WIPE_USERS',
  'REMOTE_POWERWASH',
  'DEVICE_START_CRD_SESSION',
  'CAPTURE_LOGS',
  'FETCH_SUPPORT_PACKET',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const COMMAND_STATES = [
  'STATE_UNSPECIFIED',
  'PENDING',
  'EXPIRED',
  'CANCELLED',
  'SENT_TO_CLIENT',
  'ACKED_BY_CLIENT',
  'EXECUTED_BY_CLIENT',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** States after which a command never changes again, so a tracker can stop polling. */
export const TERMINAL_COMMAND_STATES: ReadonlySet<string> = new Set([
  'EXPIRED',
  'CANCELLED',
  'EXECUTED_BY_CLIENT',
]);

/** Whether a command state is final, so command trackers stop polling exactly where GAM does. */
export function isTerminalCommandState(state: string | undefined): boolean {
  return state !== undefined && TERMINAL_COMMAND_STATES.has(state);
}

export const COMMAND_RESULT_TYPES = [
  'COMMAND_RESULT_TYPE_UNSPECIFIED',
  'IGNORED',
  'FAILURE',
  'SUCCESS',
] as const;

export const commandResultSchema = z.object({
  result: openEnum(COMMAND_RESULT_TYPES).optional(),
  executeTime: googleTimestamp.optional(),
  errorMessage: z.string().optional(),
  commandResultPayload: z.string().optional(),
});

/** `DirectoryChromeosdevicesCommand`, as returned by `commands.get`. */
export const deviceCommandSchema = z.object({
  commandId: int64String,
  type: openEnum(COMMAND_TYPES).optional(),
  issueTime: googleTimestamp.optional(),
  commandExpireTime: googleTimestamp.optional(),
  state: openEnum(COMMAND_STATES).optional(),
  payload: z.string().optional(),
  commandResult: commandResultSchema.optional(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/** The `issueCommand` response. */
export const issueCommandResponseSchema = z.object({ commandId: int64String });
export type IssueCommandResponse = z.infer<typeof issueCommandResponseSchema>;

const supportPacketSchema = z.object({
  supportPacketDetails: z
    .object({
      issueCaseId: z.string().max(200).optional(),
      issueDescription: z.string().max(2000).optional(),
      requestedDataCollectors: z.array(z.number().int().min(1).max(23)).max(23).optional(),
    })
    .optional(),
});

/**
 * What a caller may ask a device to do. Payloads are typed objects here and JSON-encoded into
 * Google's `payload` string by the client, so a wrong payload fails before it leaves the server.
 */
export const deviceCommandRequestSchema = z.discriminatedUnion('commandType', [
  z.object({
    commandType: z.literal('REBOOT'),
    payload: z.object({ user_session_delay_seconds: z.number().int().min(0).max(300) }).optional(),
  }),
  z.object({ commandType: z.literal('TAKE_A_SCREENSHOT') }),
  z.object({
    commandType: z.literal('SET_VOLUME'),
    payload: z.object({ volume: z.number().int().min(0).max(100) }),
  }),
  z.object({ commandType: z.literal('WIPE_USERS') }),
  z.object({ commandType: z.literal('REMOTE_POWERWASH') }),
  z.object({
    commandType: z.literal('DEVICE_START_CRD_SESSION'),
    payload: z.object({ ackedUserPresence: z.boolean() }).optional(),
  }),
  z.object({ commandType: z.literal('CAPTURE_LOGS') }),
  z.object({ commandType: z.literal('FETCH_SUPPORT_PACKET'), payload: supportPacketSchema.optional() }),
]);
export type DeviceCommandRequest = z.input<typeof deviceCommandRequestSchema>;

/** The wire body of `issueCommand`: Google wants the payload as a JSON-encoded string. */
export function issueCommandBody(command: DeviceCommandRequest): { commandType: string; payload?: string } {
  const parsed = deviceCommandRequestSchema.parse(command);
  if (!('payload' in parsed) || parsed.payload === undefined) return { commandType: parsed.commandType };
  return { commandType: parsed.commandType, payload: JSON.stringify(parsed.payload) };
}
