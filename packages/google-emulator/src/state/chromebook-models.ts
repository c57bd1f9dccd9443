/**
 * Real Chromebook models for the generated fleet, with the Auto Update Expiration dates from
 * Google's Auto Update policy page (reference §6: "Current AUE" column, and the 2019 date where a
 * model was later extended). Platform families, CPUs and batteries are typical for each model and
 * only have to look plausible; the AUE dates are the part a fleet console reports on.
 */

export type PlatformFamily =
  'strago' | 'coral' | 'octopus' | 'grunt' | 'kukui' | 'jacuzzi' | 'dedede' | 'nissa' | 'flex';

export interface ChromebookModel {
  /** The name on Google's AUE page. */
  readonly aueName: string;
  /** The `model` string the Directory API reports (may differ from the AUE page, reference §6). */
  readonly apiModel: string;
  readonly manufacturer: 'Acer' | 'Dell' | 'HP' | 'Lenovo';
  readonly family: PlatformFamily;
  readonly board: string;
  /** Month of the AUE as [year, month 1-12]; absent for ChromeOS Flex machines. */
  readonly aue?: readonly [number, number];
  /** `aue` as the instant Google reports (see `aueInstant`). */
  readonly aueMs?: number;
  /** The AUE before the 10-year extension, when the model needed the opt-in (reference §6). */
  readonly originalAue?: readonly [number, number];
  readonly originalAueMs?: number;
  readonly releaseYear: number;
  /** Relative share of the fleet. */
  readonly weight: number;
  readonly ramGb: readonly number[];
  readonly storageGb: readonly number[];
  readonly touch: boolean;
  readonly cellular?: boolean;
}

export interface PlatformSpec {
  readonly cpuModel: string;
  readonly architecture: 'X64' | 'ARCHITECTURE_UNSPECIFIED';
  readonly maxClockSpeedKhz: number;
  readonly logicalCpus: number;
  readonly storageType: 'eMMC' | 'NVMe' | 'ATA';
  readonly batteryDesignMah: number;
  readonly tpmFamily: '322e3000' | '312e3200';
  readonly firmwareBuild: string;
}

export const PLATFORMS: Readonly<Record<PlatformFamily, PlatformSpec>> = {
  strago: spec(
    'Intel(R) Celeron(R) CPU  N3060  @ 1.60GHz',
    'X64',
    2_480_000,
    2,
    'eMMC',
    4_400,
    '312e3200',
    '7287.237.0',
  ),
  coral: spec(
    'Intel(R) Celeron(R) CPU N3350 @ 1.10GHz',
    'X64',
    2_400_000,
    2,
    'eMMC',
    4_200,
    '322e3000',
    '10068.106.0',
  ),
  octopus: spec(
    'Intel(R) Celeron(R) N4000 CPU @ 1.10GHz',
    'X64',
    2_600_000,
    2,
    'eMMC',
    4_800,
    '322e3000',
    '11297.224.0',
  ),
  grunt: spec(
    'AMD A4-9120C RADEON R4, 5 COMPUTE CORES 2C+3G',
    'X64',
    2_400_000,
    2,
    'eMMC',
    4_700,
    '322e3000',
    '11031.149.0',
  ),
  kukui: spec(
    'ARMv8 Processor rev 4 (v8l)',
    'ARCHITECTURE_UNSPECIFIED',
    2_000_000,
    8,
    'eMMC',
    7_000,
    '322e3000',
    '12573.327.0',
  ),
  jacuzzi: spec(
    'ARMv8 Processor rev 4 (v8l)',
    'ARCHITECTURE_UNSPECIFIED',
    2_000_000,
    8,
    'eMMC',
    4_200,
    '322e3000',
    '12573.302.0',
  ),
  dedede: spec(
    'Intel(R) Celeron(R) N4500 @ 1.10GHz',
    'X64',
    2_800_000,
    2,
    'eMMC',
    4_700,
    '322e3000',
    '13606.459.0',
  ),
  nissa: spec('Intel(R) N100', 'X64', 3_400_000, 4, 'eMMC', 4_900, '322e3000', '15217.543.0'),
  flex: spec(
    'Intel(R) Core(TM) i5-6300U CPU @ 2.40GHz',
    'X64',
    3_000_000,
    4,
    'ATA',
    3_800,
    '322e3000',
    'N75 Ver. 01.53',
  ),
};

function spec(
  cpuModel: string,
  architecture: PlatformSpec['architecture'],
  maxClockSpeedKhz: number,
  logicalCpus: number,
  storageType: PlatformSpec['storageType'],
  batteryDesignMah: number,
  tpmFamily: PlatformSpec['tpmFamily'],
  firmwareBuild: string,
): PlatformSpec {
  return {
    cpuModel,
    architecture,
    maxClockSpeedKhz,
    logicalCpus,
    storageType,
    batteryDesignMah,
    tpmFamily,
    firmwareBuild,
  };
}

type ModelRow = [
  aueName: string,
  apiModel: string,
  manufacturer: ChromebookModel['manufacturer'],
  family: PlatformFamily,
  board: string,
  aue: readonly [number, number] | undefined,
  originalAue: readonly [number, number] | undefined,
  releaseYear: number,
  weight: number,
  touch: boolean,
];

const ROWS: readonly ModelRow[] = [
  [
    'Acer Chromebook 11 (C732, C732T, C732L, C732LT)',
    'Acer Chromebook 11 (C732 / C732T / C732L / C732LT)',
    'Acer',
    'coral',
    'astronaut',
    [2027, 6],
    [2023, 11],
    2018,
    4,
    false,
  ],
  [
    'Acer Chromebook 311 (C733, C733U, C733T, CB311-9H, CB311-9HT)',
    'Acer Chromebook 311 (C733 / C733U / C733T)',
    'Acer',
    'octopus',
    'sparky',
    [2029, 6],
    [2025, 6],
    2019,
    6,
    false,
  ],
  [
    'Acer Chromebook Spin 311 (R721T)',
    'Acer Chromebook Spin 311 (R721T)',
    'Acer',
    'grunt',
    'kasumi360',
    [2029, 6],
    [2025, 6],
    2019,
    3,
    true,
  ],
  [
    'Acer Chromebook Spin 511 (R752T, R752TN, CP511-2HT)',
    'Acer Chromebook Spin 511 (R752T / R752TN)',
    'Acer',
    'octopus',
    'sparky360',
    [2029, 6],
    [2025, 6],
    2019,
    4,
    true,
  ],
  [
    'Acer Chromebook 311 (CB311-11H/CB311-11HT)',
    'Acer Chromebook 311 (CB311-11H / CB311-11HT)',
    'Acer',
    'jacuzzi',
    'juniper',
    [2030, 6],
    undefined,
    2020,
    3,
    false,
  ],
  [
    'Acer Chromebook 511 (C734, C734T, C733-R, C733T-R)',
    'Acer Chromebook 511 (C734 / C734T)',
    'Acer',
    'dedede',
    'drawcia',
    [2031, 6],
    undefined,
    2021,
    5,
    false,
  ],
  [
    'Dell Chromebook 11 (3180)',
    'Dell Chromebook 11 (3180)',
    'Dell',
    'strago',
    'kefka',
    [2022, 6],
    [2022, 5],
    2016,
    2,
    false,
  ],
  [
    'Dell Chromebook 11 (5190) / 11 2-in-1 (5190)',
    'Dell Chromebook 11 (5190)',
    'Dell',
    'coral',
    'bruce',
    [2027, 6],
    [2023, 11],
    2018,
    3,
    false,
  ],
  [
    'Dell Chromebook 3100',
    'Dell Chromebook 3100',
    'Dell',
    'octopus',
    'fleex',
    [2029, 6],
    [2025, 6],
    2019,
    7,
    false,
  ],
  [
    'Dell Chromebook 3100 2-in-1',
    'Dell Chromebook 3100 2-in-1',
    'Dell',
    'octopus',
    'fleex360',
    [2029, 6],
    [2025, 6],
    2019,
    3,
    true,
  ],
  [
    'Dell Chromebook 3110 (and 2-in-1)',
    'Dell Chromebook 3110',
    'Dell',
    'dedede',
    'storo',
    [2031, 6],
    undefined,
    2021,
    6,
    false,
  ],
  [
    'HP Chromebook 11 G5 EE',
    'HP Chromebook 11 G5 EE',
    'HP',
    'strago',
    'setzer',
    [2022, 6],
    [2022, 1],
    2016,
    2,
    false,
  ],
  [
    'HP Chromebook 11 G6 EE',
    'HP Chromebook 11 G6 EE',
    'HP',
    'coral',
    'sand',
    [2027, 6],
    [2023, 11],
    2018,
    4,
    false,
  ],
  [
    'HP Chromebook 11 G7 EE',
    'HP Chromebook 11 G7 EE',
    'HP',
    'octopus',
    'bobba',
    [2029, 6],
    [2025, 6],
    2019,
    5,
    false,
  ],
  [
    'HP Chromebook 11 G8 EE',
    'HP Chromebook 11 G8 EE',
    'HP',
    'octopus',
    'garg',
    [2029, 6],
    undefined,
    2020,
    5,
    false,
  ],
  [
    'HP Chromebook 11 G9 EE',
    'HP Chromebook 11 G9 EE',
    'HP',
    'dedede',
    'drawlat',
    [2031, 6],
    undefined,
    2021,
    6,
    false,
  ],
  [
    'HP Chromebook x360 11 G1 EE',
    'HP Chromebook x360 11 G1 EE',
    'HP',
    'coral',
    'snappy',
    [2027, 6],
    [2023, 11],
    2018,
    2,
    true,
  ],
  [
    'HP Chromebook x360 11 G2 EE',
    'HP Chromebook x360 11 G2 EE',
    'HP',
    'octopus',
    'bobba360',
    [2029, 6],
    [2025, 6],
    2019,
    3,
    true,
  ],
  [
    'HP Chromebook 14 G5',
    'HP Chromebook 14 G5',
    'HP',
    'coral',
    'nasher',
    [2027, 6],
    [2023, 11],
    2018,
    1,
    false,
  ],
  [
    'Lenovo 100e Chromebook',
    'Lenovo 100e Chromebook',
    'Lenovo',
    'coral',
    'robo',
    [2027, 6],
    [2023, 11],
    2018,
    3,
    false,
  ],
  [
    'Lenovo 100e Chromebook 2nd Gen',
    'Lenovo 100e Chromebook 2nd Gen',
    'Lenovo',
    'octopus',
    'phaser',
    [2029, 6],
    [2025, 6],
    2019,
    6,
    false,
  ],
  [
    'Lenovo 100e Chromebook Gen 3',
    'Lenovo 100e Chromebook Gen 3',
    'Lenovo',
    'dedede',
    'sasuke',
    [2031, 6],
    undefined,
    2021,
    7,
    false,
  ],
  [
    'Lenovo 100e Chromebook Gen 4',
    'Lenovo 100e Chromebook Gen 4',
    'Lenovo',
    'nissa',
    'pujjo',
    [2033, 6],
    undefined,
    2023,
    5,
    false,
  ],
  [
    'Lenovo 300e Chromebook 2nd Gen',
    'Lenovo 300e Chromebook 2nd Gen',
    'Lenovo',
    'octopus',
    'phaser360',
    [2029, 6],
    [2025, 6],
    2019,
    4,
    true,
  ],
  [
    'Lenovo 500e Chromebook 2nd Gen',
    'Lenovo 500e Chromebook 2nd Gen',
    'Lenovo',
    'octopus',
    'phaser360s',
    [2029, 6],
    [2025, 6],
    2019,
    3,
    true,
  ],
  [
    'Lenovo 300e Chromebook Gen 3 / 500e Chromebook Gen 3',
    'Lenovo 300e Chromebook Gen 3',
    'Lenovo',
    'dedede',
    'sasukette',
    [2031, 6],
    undefined,
    2021,
    4,
    true,
  ],
  [
    'Lenovo Chromebook Duet',
    'Lenovo Chromebook Duet',
    'Lenovo',
    'kukui',
    'krane',
    [2030, 6],
    undefined,
    2020,
    1,
    true,
  ],
  // ChromeOS Flex on repurposed laptops: no Chromebook AUE date, so autoUpdateThrough is omitted.
  ['HP EliteBook 840 G3', 'HP EliteBook 840 G3', 'HP', 'flex', 'reven', undefined, undefined, 2016, 1, false],
  ['Dell Latitude 5480', 'Dell Latitude 5480', 'Dell', 'flex', 'reven', undefined, undefined, 2017, 1, false],
];

export const CHROMEBOOK_MODELS: readonly ChromebookModel[] = ROWS.map(
  ([aueName, apiModel, manufacturer, family, board, aue, originalAue, releaseYear, weight, touch]) => ({
    aueName,
    apiModel,
    manufacturer,
    family,
    board,
    releaseYear,
    weight,
    touch,
    ramGb: family === 'flex' ? [8, 16] : family === 'nissa' || family === 'dedede' ? [4, 8] : [4],
    storageGb:
      family === 'flex' ? [128, 256] : family === 'nissa' ? [64, 128] : family === 'strago' ? [16] : [32, 64],
    ...(aue ? { aue, aueMs: aueInstant(aue) } : {}),
    ...(originalAue && aue && originalAue[0] !== aue[0]
      ? { originalAue, originalAueMs: aueInstant(originalAue) }
      : {}),
    ...(board === 'sparky' ? { cellular: true } : {}),
  }),
);

/**
 * The instant Google reports for an AUE month: midnight US-Pacific on the month's last day, as in
 * Google's sample (`autoUpdateExpiration: "1719730800000"` = 2024-06-30T07:00Z for June 2024).
 */
export function aueInstant([year, month]: readonly [number, number]): number {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pacificOffsetHours = month >= 4 && month <= 10 ? 7 : 8;
  return Date.UTC(year, month - 1, lastDay, pacificOffsetHours);
}
