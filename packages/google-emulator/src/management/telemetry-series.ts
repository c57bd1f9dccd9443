/**
 * The periodic reports of a Chrome Management `TelemetryDevice`, as data: each series' field, its
 * cadence, and how each field of one of its items is computed from a device and a sample time.
 * telemetry-json.ts builds devices from this table, only the fields a selection keeps.
 */
import { type SeriesSpec } from './telemetry-sample.ts';
import { ACTIVITY_SERIES } from './telemetry-series-activity.ts';
import { DEVICE_SERIES } from './telemetry-series-device.ts';

export {
  ABSENT,
  type ItemFields,
  type SampleContext,
  type SeriesGroup,
  type SeriesSpec,
} from './telemetry-sample.ts';

/** CPU and memory every 10 minutes; network and battery hourly; graphics, storage and apps every 3 hours. */
export const SERIES: readonly SeriesSpec[] = [...DEVICE_SERIES, ...ACTIVITY_SERIES];

export const SERIES_FIELDS: ReadonlySet<string> = new Set(SERIES.map((spec) => spec.field));
