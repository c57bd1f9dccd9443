/**
 * The activity series of a `TelemetryDevice` (a data table): audio, boot performance, heartbeats,
 * kiosk apps, peripherals and apps.
 */
import { HOUR } from '../state/device-life.ts';
import { hash32, hashUnit } from '../state/random.ts';
import { ABSENT, iso, reportTime, seconds, type SeriesSpec } from './telemetry-sample.ts';

export const ACTIVITY_SERIES: readonly SeriesSpec[] = [
  {
    field: 'audioStatusReport',
    everyMs: HOUR,
    group: 'activity',
    item: {
      reportTime,
      outputMute: (t, c) => hashUnit(c.seed, c.i, t, 19) < 0.2,
      inputMute: () => true,
      outputVolume: (t, c) => hash32(c.seed, c.i, t, 20) % 101,
      outputDevice: () => 'Speaker (internal)',
      inputGain: () => 50,
      inputDevice: () => 'Internal Mic',
    },
  },
  {
    field: 'bootPerformanceReport',
    everyMs: 24 * HOUR,
    group: 'activity',
    item: {
      bootUpDuration: (t, c) => `${(6 + hashUnit(c.seed, c.i, t, 21) * 6).toFixed(3)}s`,
      bootUpTime: (t) => iso(t - 10 * HOUR),
      shutdownDuration: (t, c) => `${(1 + hashUnit(c.seed, c.i, t, 22) * 2).toFixed(3)}s`,
      shutdownTime: (t) => iso(t - 11 * HOUR),
      shutdownReason: (t, c) => (hashUnit(c.seed, c.i, t, 23) < 0.15 ? 'SYSTEM_UPDATE' : 'USER_REQUEST'),
      reportTime,
    },
  },
  {
    field: 'heartbeatStatusReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    kioskOnly: true,
    item: { reportTime, state: () => 'ONLINE' },
  },
  {
    field: 'kioskAppStatusReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    kioskOnly: true,
    item: {
      reportTime,
      appId: () => 'haldijlpaehedbjfdnpgflgmbhfbghbh',
      appVersion: () => '4.2.1',
    },
  },
  {
    field: 'peripheralsReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    item: {
      reportTime,
      usbPeripheralReport: (_t, c) =>
        hashUnit(c.seed, c.i, 24) < 0.3
          ? [
              {
                vendor: 'Logitech, Inc.',
                name: 'USB Receiver',
                vid: 1133,
                pid: 50475,
                categories: ['HID'],
                classId: 3,
                subclassId: 1,
              },
            ]
          : ABSENT,
    },
  },
  {
    field: 'appReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    item: {
      reportTime,
      usageData: (t, c) => {
        const { seed, i } = c;
        return [
          {
            appId: 'mmfbcljfglbokpmkimbfghdkjmjhdgbg',
            appType: 'APPLICATION_TYPE_CHROME_APP',
            appInstanceId: `${hash32(seed, i, 25).toString(16)}-0001`,
            runningDuration: seconds(hash32(seed, i, t, 26) % 3_600_000),
          },
          {
            appId: 'https://classroom.google.com/',
            appType: 'APPLICATION_TYPE_WEB',
            appInstanceId: `${hash32(seed, i, 27).toString(16)}-0002`,
            runningDuration: seconds(hash32(seed, i, t, 28) % 7_200_000),
          },
        ];
      },
    },
  },
];
