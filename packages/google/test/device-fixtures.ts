/**
 * Realistic Directory device payloads for tests and the parse benchmark: Google's published sample
 * (reference §1.9) extended with every FULL-projection list field, as raw JSON the wire would carry.
 */

/** Google's published sample device, condensed (reference §1.9). */
export const GOOGLE_SAMPLE_DEVICE = {
  kind: 'admin#directory#chromeosdevice',
  etag: '"occ7bTD-Q2yefKPIae3LMOtCT9xQVZYBzlAbHU5b86Q/-jIyw1xm87ACiHJg_TyMxrTkjuU"',
  deviceId: '3b1c7e2a-0ea4-4e94-905e-4726c7a5f1e9',
  serialNumber: '8B17G066JL',
  status: 'ACTIVE',
  lastSync: '2020-02-18T00:26:57.326Z',
  annotatedUser: '',
  model: 'Google Pixelbook',
  osVersion: '79.0.3945.123',
  platformVersion: '12607.82.0 (Official Build) stable-channel eve',
  firmwareVersion: 'Google_Eve.9584.195.0',
  macAddress: 'b4692118c676',
  bootMode: 'Verified',
  lastEnrollmentTime: '2020-02-17T05:28:08.264Z',
  orgUnitPath: '/Kiosks',
  recentUsers: [{ type: 'USER_TYPE_MANAGED', email: 'user@example.edu' }],
  activeTimeRanges: [{ date: '2020-02-03', activeTime: 18760877 }],
  tpmVersionInfo: {
    family: '322e3000',
    specLevel: '74',
    manufacturer: '43524f53',
    tpmModel: '1',
    firmwareVersion: 'aa1dd980d1631ea',
    vendorSpecific: '784347206654504D',
  },
  systemRamTotal: '16695300096',
  diskVolumeReports: [
    { volumeInfo: [{ volumeId: '/media/archive', storageTotal: '8347648000', storageFree: '8347648000' }] },
  ],
  lastKnownNetwork: [{ ipAddress: '198.51.100.0', wanIpAddress: '198.51.100.1' }],
  autoUpdateExpiration: '1719730800000',
};

/** A FULL-projection device with every list field filled, as a large fleet's devices look. */
export function fullDevice(index: number): Record<string, unknown> {
  const day = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString();
  return {
    ...GOOGLE_SAMPLE_DEVICE,
    deviceId: `device-${index.toString().padStart(6, '0')}`,
    serialNumber: `SN${index.toString().padStart(8, '0')}`,
    annotatedUser: `student${index}@example.edu`,
    annotatedLocation: `Room ${index % 300}`,
    annotatedAssetId: `ASSET-${index}`,
    notes: 'Issued with charger and case.',
    orgUnitPath: `/Schools/School ${index % 40}/Students`,
    orgUnitId: `id:03ph8a2z${index % 40}`,
    ethernetMacAddress: 'e8ea6a157981',
    firstEnrollmentTime: '2021-08-20T14:03:11.000Z',
    manufactureDate: '2021-05-01',
    autoUpdateThrough: '2031-06-30T00:00:00Z',
    extendedSupportEligible: false,
    deviceLicenseType: 'education',
    chromeOsType: 'chromeOs',
    osVersionCompliance: 'compliant',
    osUpdateStatus: { state: 'updateStateNotStarted', targetOsVersion: '0.0.0.0', updateCheckTime: day(10) },
    diskSpaceUsage: { capacityBytes: '68719476736', usedBytes: '21474836480' },
    recentUsers: Array.from({ length: 5 }, (_, i) => ({
      type: 'USER_TYPE_MANAGED',
      email: `user${index + i}@example.edu`,
    })),
    activeTimeRanges: Array.from({ length: 30 }, (_, i) => ({
      date: day(i).slice(0, 10),
      activeTime: 3_600_000 + i,
    })),
    cpuStatusReports: Array.from({ length: 10 }, (_, i) => ({
      reportTime: day(i),
      cpuUtilizationPercentageInfo: [12, 30, 8, 44],
      cpuTemperatureInfo: [
        { label: 'Core 0', temperature: 45 },
        { label: 'Core 1', temperature: 47 },
      ],
    })),
    cpuInfo: [
      {
        model: 'Intel(R) Celeron(R) N4500 @ 1.10GHz',
        architecture: 'x64',
        maxClockSpeedKhz: 2800000,
        logicalCpus: [
          {
            maxScalingFrequencyKhz: 2800000,
            currentScalingFrequencyKhz: 1100000,
            idleDuration: '3600.5s',
            cStates: [{ displayName: 'C1', sessionDuration: '12s' }],
          },
        ],
      },
    ],
    systemRamFreeReports: Array.from({ length: 10 }, (_, i) => ({
      reportTime: day(i),
      systemRamFreeInfo: ['2147483648', '1073741824'],
    })),
    deviceFiles: [
      { name: 'logs.zip', type: 'LOG_FILE', downloadUrl: 'https://example.test/f', createTime: day(3) },
    ],
    backlightInfo: [{ path: '/sys/class/backlight/intel', maxBrightness: 100, brightness: 60 }],
    fanInfo: [{ speedRpm: 0 }],
    bluetoothAdapterInfo: [{ address: 'AA:BB:CC:DD:EE:FF', numConnectedDevices: 1 }],
    someFieldGoogleAddsLater: { nested: true },
  };
}

/** One FULL page of `chromeosdevices.list` as JSON text. */
export function fullDevicesPageText(count: number, offset = 0, nextPageToken?: string): string {
  return JSON.stringify({
    kind: 'admin#directory#chromeosdevices',
    etag: '"page"',
    chromeosdevices: Array.from({ length: count }, (_, i) => fullDevice(offset + i)),
    ...(nextPageToken ? { nextPageToken } : {}),
  });
}
