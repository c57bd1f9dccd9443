import { createTestDatabase } from './test/test-database.ts';
import { startSyncEmulator, syncOnce } from './test/sync-harness.ts';
const size = Number(process.argv[2] ?? 2000);
const testDb = await createTestDatabase();
const emulator = await startSyncEmulator({ size, seed: 11 });
let t = performance.now();
const phases: string[] = [];
let last = '';
const id = await syncOnce(testDb.database, emulator, 'p', 'full', {
  concurrency: 6,
  publish: (_o, run) => { if (run.phase !== last) { phases.push(`${last}->${run.phase} @${Math.round(performance.now() - t)}`); last = run.phase; } },
});
console.log('full', size, Math.round(performance.now() - t), 'ms', phases.join(' | '));
t = performance.now();
await syncOnce(testDb.database, emulator, 'p', 'incremental');
console.log('incremental', Math.round(performance.now() - t), 'ms');
await emulator.close(); await testDb.cleanup();
