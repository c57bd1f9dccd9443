/**
 * Measures what the client spends per `chromeosdevices.list` page of 300 FULL devices: JSON.parse of
 * the body plus zod validation. Run: `node packages/google/test/parse-page.benchmark.ts` from the root.
 */
import { performance } from 'node:perf_hooks';
import { chromeOsDevicesPageSchema } from '../src/directory/chromeos-device.schema.ts';
import { parseBody } from '../src/http/response-body.ts';
import { fullDevicesPageText } from './device-fixtures.ts';

const DEVICES = 300;
const WARMUP = 30;
const RUNS = 100;

const text = fullDevicesPageText(DEVICES, 0, 'next');

function time(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

for (let i = 0; i < WARMUP; i++) parseBody(text, chromeOsDevicesPageSchema, 200, 'GET', 'bench');

const jsonOnly: number[] = [];
const full: number[] = [];
for (let i = 0; i < RUNS; i++) {
  jsonOnly.push(
    time(() => {
      JSON.parse(text);
    }),
  );
  full.push(time(() => parseBody(text, chromeOsDevicesPageSchema, 200, 'GET', 'bench')));
}

const jsonMs = median(jsonOnly);
const fullMs = median(full);
console.log(`page: ${DEVICES} FULL devices, ${(text.length / 1024).toFixed(0)} KiB of JSON`);
console.log(`JSON.parse alone:        ${jsonMs.toFixed(2)} ms (median of ${RUNS})`);
console.log(`JSON.parse + zod schema: ${fullMs.toFixed(2)} ms (median of ${RUNS})`);
console.log(`100,000 devices:         ~${((fullMs * 100_000) / DEVICES / 1000).toFixed(2)} s of parsing`);
