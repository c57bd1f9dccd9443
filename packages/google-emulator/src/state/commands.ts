/**
 * Remote commands (reference §1.4). When a command is issued its whole timeline is drawn from the
 * seed: when the device picks it up (seconds later if it is online, else at its next check-in),
 * acknowledges and executes it. Its state is then read off the emulator clock:
 * PENDING → SENT_TO_CLIENT → ACKED_BY_CLIENT → EXECUTED_BY_CLIENT, or EXPIRED if it was never
 * delivered in time. Side effects (users wiped, a screenshot taken) land when the clock passes the
 * execution time.
 */
import { HOUR, isLive, MINUTE, nextCheckinAfter } from './device-life.ts';
import { PROFILE } from './device-table.ts';
import type { Fleet } from './fleet.ts';
import { hash32, hashUnit } from './random.ts';

export const COMMAND_TYPES = [
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

/** Commands Google accepts only for kiosk / managed-guest-session devices. */
export const KIOSK_ONLY_COMMANDS: ReadonlySet<CommandType> = new Set([
  'TAKE_A_SCREENSHOT',
  'SET_VOLUME',
  'CAPTURE_LOGS',
]);

/** How long an undelivered command waits before it expires (Google's value is not published). */
export const COMMAND_TTL_MS = 5 * 24 * HOUR;

export type CommandState =
  'PENDING' | 'SENT_TO_CLIENT' | 'ACKED_BY_CLIENT' | 'EXECUTED_BY_CLIENT' | 'EXPIRED';

export interface CommandRecord {
  readonly commandId: string;
  readonly device: number;
  readonly type: CommandType;
  readonly payload?: string;
  readonly issueTime: number;
  readonly expireTime: number;
  /** Undefined when the device will not pick the command up before it expires. */
  readonly sentAt?: number;
  readonly ackedAt?: number;
  readonly executedAt?: number;
  readonly result?: { result: 'SUCCESS' | 'FAILURE'; errorMessage?: string; payload?: string };
  applied: boolean;
}

export class CommandStore {
  readonly #byId = new Map<string, CommandRecord>();
  /** Executions whose side effects have not landed yet, soonest first. */
  #due: CommandRecord[] = [];
  #serial = 0;
  #fleet: Fleet;

  constructor(fleet: Fleet) {
    this.#fleet = fleet;
  }

  /** The same devices at the same indexes in a grown table (enrollment): issued commands carry on. */
  replaceFleet(fleet: Fleet): void {
    this.#fleet = fleet;
  }

  get(commandId: string): CommandRecord | undefined {
    return this.#byId.get(commandId);
  }

  /** Every command issued since the last reset, in issue order (tests count them per device). */
  all(): CommandRecord[] {
    return [...this.#byId.values()];
  }

  issue(device: number, type: CommandType, payload: string | undefined, now: number): CommandRecord {
    const fleet = this.#fleet;
    const serial = ++this.#serial;
    const draw = (salt: number) => hashUnit(fleet.seed, serial, salt, 0x636d64);
    const commandId = String(10_000_000_000 + (hash32(fleet.seed, 0x636d64) % 1_000_000_000) + serial * 7);
    const expireTime = now + COMMAND_TTL_MS;
    const sentAt = deliveryTime(fleet, device, now, draw(1));
    const timeline =
      sentAt !== undefined && sentAt <= expireTime ? this.#timeline(type, payload, sentAt, draw) : undefined;
    const record: CommandRecord = {
      commandId,
      device,
      type,
      issueTime: now,
      expireTime,
      applied: false,
      ...(payload !== undefined ? { payload } : {}),
      ...(timeline ?? {}),
    };
    this.#byId.set(commandId, record);
    if (record.executedAt !== undefined) {
      this.#due.push(record);
      this.#due.sort((a, b) => (a.executedAt ?? 0) - (b.executedAt ?? 0));
    }
    return record;
  }

  #timeline(type: CommandType, payload: string | undefined, sentAt: number, draw: (salt: number) => number) {
    const ackedAt = sentAt + 1_000 + Math.floor(draw(2) * 4_000);
    const executedAt = ackedAt + executionTime(type, payload, draw(3));
    const failed = draw(4) < 0.03;
    const result = failed
      ? { result: 'FAILURE' as const, errorMessage: 'The device failed to execute the command.' }
      : type === 'DEVICE_START_CRD_SESSION'
        ? {
            result: 'SUCCESS' as const,
            payload: JSON.stringify({
              url: `https://remotedesktop.google.com/access/session/${hash32(sentAt, ackedAt).toString(16)}`,
            }),
          }
        : { result: 'SUCCESS' as const };
    return { sentAt, ackedAt, executedAt, result };
  }

  /** Lands the side effects of every command executed by `now`. */
  settle(now: number): void {
    while (this.#due.length > 0 && (this.#due[0]?.executedAt ?? Infinity) <= now) {
      const record = this.#due.shift() as CommandRecord;
      record.applied = true;
      if (record.result?.result === 'SUCCESS') applySideEffects(this.#fleet, record);
    }
  }
}

export function commandState(record: CommandRecord, now: number): CommandState {
  if (record.sentAt === undefined || now < record.sentAt)
    return now >= record.expireTime ? 'EXPIRED' : 'PENDING';
  if (now < (record.ackedAt ?? Infinity)) return 'SENT_TO_CLIENT';
  if (now < (record.executedAt ?? Infinity)) return 'ACKED_BY_CLIENT';
  return 'EXECUTED_BY_CLIENT';
}

/** When the device receives a command: within seconds when online, else at its next check-in. */
function deliveryTime(fleet: Fleet, device: number, now: number, roll: number): number | undefined {
  if (!isLive(fleet, device)) return undefined;
  const online =
    fleet.devices.profile[device] === PROFILE.kiosk ||
    hashUnit(fleet.seed, device, Math.floor(now / HOUR), 13) < 0.75;
  if (online) return now + 2_000 + Math.floor(roll * 18_000);
  return nextCheckinAfter(fleet, device, now);
}

function executionTime(type: CommandType, payload: string | undefined, roll: number): number {
  switch (type) {
    case 'REBOOT': {
      return userSessionDelaySeconds(payload) * 1_000 + 20_000 + Math.floor(roll * 40_000);
    }
    case 'REMOTE_POWERWASH':
      return 60_000 + Math.floor(roll * 120_000);
    case 'FETCH_SUPPORT_PACKET':
    case 'CAPTURE_LOGS':
      return 10_000 + Math.floor(roll * 50_000);
    default:
      return 2_000 + Math.floor(roll * 13_000);
  }
}

/** The REBOOT payload's grace period for a signed-in user (validated when the command was issued). */
function userSessionDelaySeconds(payload: string | undefined): number {
  if (!payload) return 0;
  try {
    const delay: unknown = (JSON.parse(payload) as Record<string, unknown>).user_session_delay_seconds;
    return typeof delay === 'number' ? delay : 0;
  } catch {
    return 0;
  }
}

function applySideEffects(fleet: Fleet, record: CommandRecord): void {
  const d = fleet.devices;
  const at = record.executedAt as number;
  const extras = d.extrasOf(record.device);
  switch (record.type) {
    case 'REBOOT':
      extras.lastRebootAt = at;
      break;
    case 'WIPE_USERS':
      extras.usersWipedAt = at;
      break;
    case 'REMOTE_POWERWASH':
      extras.usersWipedAt = at;
      extras.lastRebootAt = at;
      d.lastEnrolled[record.device] = at + 5 * MINUTE;
      break;
    case 'TAKE_A_SCREENSHOT':
      (extras.files ??= []).push({
        name: `Screenshot ${record.commandId}`,
        type: 'SCREENSHOT_FILE',
        createTime: at,
        screenshot: true,
      });
      break;
    case 'CAPTURE_LOGS':
      (extras.files ??= []).push({
        name: `Logs ${record.commandId}`,
        type: 'LOG_FILE',
        createTime: at,
        screenshot: false,
      });
      break;
    case 'FETCH_SUPPORT_PACKET':
      (extras.files ??= []).push({
        name: `Support packet ${record.commandId}`,
        type: 'SUPPORT_PACKET',
        createTime: at,
        screenshot: false,
      });
      break;
    default:
      break;
  }
  d.touch(record.device);
}
