/**
 * Directory remote commands (reference §1.4): issueCommand's checks (managed devices only, kiosk-only
 * commands, REBOOT's ChromeOS floor, payloads) and a command as commands.get returns it.
 */
import { GoogleApiError } from '../http/google-errors.ts';
import {
  commandState,
  COMMAND_TYPES,
  KIOSK_ONLY_COMMANDS,
  type CommandRecord,
  type CommandType,
} from '../state/commands.ts';
import { milestoneOf } from '../state/chromeos-releases.ts';
import { osReleaseIndex } from '../state/device-life.ts';
import { PROFILE } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { isoTime } from '../state/time-format.ts';
import { objectBody } from './device-action-bodies.ts';

const KIOSK_LICENSE_COMMAND_MIN_MILESTONE = 113;

function commandError(message: string, rpcStatus = 'INVALID_ARGUMENT'): GoogleApiError {
  return new GoogleApiError({
    httpStatus: 400,
    reason: rpcStatus === 'INVALID_ARGUMENT' ? 'invalid' : 'failedPrecondition',
    rpcStatus,
    message,
  });
}

export function issueCommand(state: EmulatorState, row: number, rawBody: unknown): CommandRecord {
  const body = objectBody(rawBody);
  const type: CommandType | undefined = COMMAND_TYPES.find((t) => t === body.commandType);
  if (!type) throw commandError(`Invalid value for commandType: ${String(body.commandType)}`);
  if (body.payload !== undefined && typeof body.payload !== 'string')
    throw commandError('payload must be a JSON-encoded string');
  const payload = typeof body.payload === 'string' ? body.payload : undefined;
  const parsed = parsePayload(payload);
  const fleet = state.fleet;
  const status = fleet.devices.statusOf(row);
  if (status === 'DEPROVISIONED' || status === 'PRE_PROVISIONED') {
    throw commandError('Commands can only be sent to managed devices.', 'FAILED_PRECONDITION');
  }
  const kiosk = fleet.devices.profile[row] === PROFILE.kiosk;
  if (KIOSK_ONLY_COMMANDS.has(type) && !kiosk) {
    throw commandError(`The ${type} command is only supported for devices in kiosk mode.`);
  }
  if (type === 'REBOOT' && !kiosk) {
    const release = osReleaseIndex(fleet, row, state.now());
    if (Number.isNaN(release) || milestoneOf(release) < KIOSK_LICENSE_COMMAND_MIN_MILESTONE) {
      throw commandError('REBOOT needs ChromeOS 113 or later on devices outside kiosk mode.');
    }
  }
  if (type === 'SET_VOLUME') {
    const volume = parsed?.volume;
    if (typeof volume !== 'number' || !Number.isInteger(volume) || volume < 0 || volume > 100) {
      throw commandError('SET_VOLUME needs a payload {"volume": 0..100}.');
    }
  }
  if (type === 'REBOOT' && parsed?.user_session_delay_seconds !== undefined) {
    const delay = parsed.user_session_delay_seconds;
    if (typeof delay !== 'number' || delay < 0 || delay > 300)
      throw commandError('user_session_delay_seconds must be 0..300.');
  }
  return state.commands.issue(row, type, payload, state.now());
}

function parsePayload(payload: string | undefined): Record<string, unknown> | undefined {
  if (payload === undefined || payload === '') return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw commandError('payload must be a JSON object encoded as a string');
}

/** `DirectoryChromeosdevicesCommand` at a clock reading. */
export function commandJson(record: CommandRecord, now: number): Record<string, unknown> {
  const state = commandState(record, now);
  const out: Record<string, unknown> = {
    commandId: record.commandId,
    type: record.type,
    issueTime: isoTime(record.issueTime),
    state,
    commandExpireTime: isoTime(record.expireTime),
  };
  if (record.payload !== undefined) out.payload = record.payload;
  if (state === 'EXECUTED_BY_CLIENT' && record.result && record.executedAt !== undefined) {
    out.commandResult = {
      result: record.result.result,
      executeTime: isoTime(record.executedAt),
      ...(record.result.errorMessage ? { errorMessage: record.result.errorMessage } : {}),
      ...(record.result.payload ? { commandResultPayload: record.result.payload } : {}),
    };
  }
  return out;
}
