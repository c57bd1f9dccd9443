/**
 * One generated device's serial, dates, status, check-in rhythm and hardware: the per-device half of
 * `fleet-generator.ts`, drawing from the same seeded stream in a fixed order.
 */
import type { ChromebookModel } from './chromebook-models.ts';
import {
  DEPROVISION_REASONS,
  FLAG,
  LICENSE_TYPES,
  PROFILE,
  STATUS,
  type DeprovisionReason,
  type DeviceTable,
} from './device-table.ts';
import { locallyAdministeredMac } from './mac-address.ts';
import { NO_SCHOOL, type DeviceBucket } from './org-tree-generator.ts';
import type { Prng } from './random.ts';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
export const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function uniqueSerial(prng: Prng, model: ChromebookModel, taken: Set<string>): string {
  for (;;) {
    const serial = serialFor(prng, model);
    if (!taken.has(serial)) {
      taken.add(serial);
      return serial;
    }
  }
}

/** Serial formats by maker: Lenovo PF2K7XQM, HP 5CD0481KQ7, Dell 7-character service tags, Acer NX… */
function serialFor(prng: Prng, model: ChromebookModel): string {
  switch (model.manufacturer) {
    case 'Lenovo':
      return `PF${prng.chars(ALNUM, 6)}`;
    case 'HP':
      return `5C${prng.pick(['D', 'G'])}${prng.chars('0123456789', 3)}${prng.chars(ALNUM, 4)}`;
    case 'Dell':
      return prng.chars(ALNUM, 7);
    case 'Acer':
      return `NX${prng.chars(ALNUM, 5)}00${prng.chars('0123456789ABCDEF', 13)}`;
  }
}

export function placeDates(
  prng: Prng,
  d: DeviceTable,
  i: number,
  model: ChromebookModel,
  anchor: number,
): void {
  const release = Date.UTC(model.releaseYear, 6, 15);
  const hi = anchor - DAY;
  let lo = Math.max(release + 20 * DAY, anchor - 6.5 * YEAR);
  if (lo > hi) lo = hi - 30 * DAY;
  const first = Math.floor(lo + prng.next() * (hi - lo));
  d.firstEnrolled[i] = first;
  d.manufactured[i] = Math.max(release - 30 * DAY, first - prng.int(20, 200) * DAY);
  d.lastEnrolled[i] = prng.chance(0.12) ? Math.floor(first + prng.next() * (hi - first)) : first;
}

export function placeStatus(
  prng: Prng,
  d: DeviceTable,
  i: number,
  bucket: DeviceBucket,
  model: ChromebookModel,
  anchor: number,
): void {
  const enrolled = d.lastEnrolled[i] as number;
  const expired = model.aueMs !== undefined && model.aueMs < anchor;
  const status =
    bucket.kind === 'lost'
      ? prng.weighted(['DISABLED', 'ACTIVE', 'DEPROVISIONED'] as const, [85, 10, 5])
      : bucket.kind === 'staging'
        ? prng.weighted(['PRE_PROVISIONED', 'ACTIVE'] as const, [55, 45])
        : expired
          ? prng.weighted(['DEPROVISIONED', 'ACTIVE', 'DISABLED'] as const, [55, 40, 5])
          : prng.weighted(
              [
                'ACTIVE',
                'DEPROVISIONED',
                'DISABLED',
                'INACTIVE',
                'DELINQUENT',
                'RETURN_REQUESTED',
                'RETURN_ARRIVED',
                'PRE_PROVISIONED',
              ] as const,
              [915, 40, 15, 10, 8, 4, 3, 5],
            );
  d.status[i] = STATUS[status];
  const pastSince = (from: number, minDays: number, maxDays: number) =>
    Math.max(from + 3_600_000, anchor - prng.int(minDays, maxDays) * DAY - prng.int(0, DAY));

  switch (status) {
    case 'PRE_PROVISIONED':
      d.firstEnrolled[i] = Number.NaN;
      d.lastEnrolled[i] = Number.NaN;
      d.syncBase[i] = Number.NaN;
      return;
    case 'ACTIVE':
      if (bucket.profile !== PROFILE.kiosk && prng.chance(0.07) && enrolled < anchor - 45 * DAY) {
        d.setFlag(i, FLAG.ghost, true);
        d.syncBase[i] = pastSince(enrolled, 30, 420);
      } else goLive(prng, d, i, bucket, enrolled);
      return;
    case 'DISABLED':
      if (prng.chance(0.5)) goLive(prng, d, i, bucket, enrolled);
      else d.syncBase[i] = pastSince(enrolled, 1, 200);
      return;
    case 'DEPROVISIONED': {
      const at = Math.floor(enrolled + (anchor - enrolled) * (0.3 + prng.next() * 0.69));
      d.deprovisionedAt[i] = at;
      d.deprovisionReason[i] = DEPROVISION_REASONS.indexOf(
        prng.weighted<DeprovisionReason>(
          [
            'DEPROVISION_REASON_RETIRING_DEVICE',
            'DEPROVISION_REASON_SAME_MODEL_REPLACEMENT',
            'DEPROVISION_REASON_DIFFERENT_MODEL_REPLACEMENT',
            'DEPROVISION_REASON_UPGRADE_TRANSFER',
            'DEPROVISION_REASON_REPAIR_CENTER',
            'DEPROVISION_REASON_OTHER',
          ],
          [50, 20, 15, 5, 5, 5],
        ),
      );
      d.syncBase[i] = Math.max(enrolled, at - prng.int(0, 3 * DAY));
      return;
    }
    default:
      d.syncBase[i] = pastSince(enrolled, 2, 120);
  }
}

function goLive(prng: Prng, d: DeviceTable, i: number, bucket: DeviceBucket, enrolled: number): void {
  d.liveFrom[i] = enrolled;
  d.syncBase[i] = enrolled;
  const sporadic =
    (bucket.profile === PROFILE.oneToOne || bucket.profile === PROFILE.shared) && prng.chance(0.1);
  const [lo, hi] = sporadic
    ? [1_440, 8_640]
    : bucket.profile === PROFILE.kiosk
      ? [30, 60]
      : bucket.profile === PROFILE.staff
        ? [60, 240]
        : bucket.profile === PROFILE.oneToOne
          ? [120, 480]
          : bucket.profile === PROFILE.shared
            ? [180, 720]
            : [720, 2_880];
  d.syncPeriodMin[i] = prng.int(lo, hi);
}

export function placeHardware(
  prng: Prng,
  d: DeviceTable,
  i: number,
  model: ChromebookModel,
  bucket: DeviceBucket,
): void {
  d.ramGb[i] = prng.pick(model.ramGb);
  d.storageGb[i] = prng.pick(model.storageGb);
  const flex = model.family === 'flex';
  if (d.status[i] !== STATUS.PRE_PROVISIONED) d.wifiMac[i] = randomMac(prng);
  let flags = d.flags[i] ?? 0;
  if (prng.chance(bucket.kind === 'grade' && bucket.school !== NO_SCHOOL ? 0.008 : 0.004))
    flags |= FLAG.devMode;
  if (prng.chance(0.025)) flags |= FLAG.pinned;
  if (prng.chance(0.015)) flags |= FLAG.unsupportedPolicy;
  if (model.cellular && prng.chance(0.35)) flags |= FLAG.cellular;
  if (prng.chance(0.004)) flags |= FLAG.googleOrder | (prng.chance(0.5) ? FLAG.willAutoRenew : 0);
  if (flex) flags |= FLAG.builtInEthernet | FLAG.ethernet;
  else if (prng.chance(0.05)) flags |= FLAG.ethernet;
  if (prng.chance(bucket.profile === PROFILE.staff ? 0.1 : 0.01)) flags |= FLAG.dock;
  if (prng.chance(0.01)) flags |= FLAG.betaChannel;
  d.flags[i] = flags;
  if (flags & FLAG.ethernet && d.status[i] !== STATUS.PRE_PROVISIONED) d.ethernetMac[i] = randomMac(prng);
  const ageYears = Math.max(
    0,
    ((d.syncBase[i] || d.firstEnrolled[i] || 0) - (d.manufactured[i] ?? 0)) / YEAR,
  );
  d.batteryWear[i] = Math.min(
    55,
    Math.max(0, Math.round(ageYears * (3 + prng.next() * 4) + prng.int(-3, 3))),
  );
  d.license[i] = LICENSE_TYPES.indexOf(
    bucket.profile === PROFILE.kiosk && prng.chance(0.8)
      ? 'kioskUpgrade'
      : bucket.kind === 'office'
        ? prng.weighted(['enterpriseUpgrade', 'educationUpgrade'] as const, [40, 60])
        : prng.weighted(['education', 'educationUpgrade', 'educationUpgradePerpetual'] as const, [65, 30, 5]),
  );
}

function randomMac(prng: Prng): number {
  return locallyAdministeredMac(prng.nextUint32(), prng.nextUint32());
}
