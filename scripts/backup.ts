/**
 * `npm run backup -- <file.tar.gz>` and `npm run restore -- <file.tar.gz>`: the embedded database
 * (DATA_DIR/postgres) into one archive and back, while Fleetdeck is stopped. On PostgreSQL
 * (DATABASE_URL) use that server's own tools (pg_dump, pg_basebackup).
 */
import { backupEmbedded, restoreEmbedded } from '../apps/server/src/db/embedded/backup.ts';

const [command, file] = [process.argv[2], process.argv[3]];
const dataDir = process.env.DATA_DIR ?? './data';
if ((command !== 'backup' && command !== 'restore') || !file) {
  process.stderr.write('Usage: npm run backup -- <file.tar.gz>   |   npm run restore -- <file.tar.gz>\n');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  process.stderr.write('DATABASE_URL is set: back up that PostgreSQL server with its own tools (pg_dump).\n');
  process.exit(2);
}
const log = (message: string) => process.stdout.write(`${message}\n`);
try {
  if (command === 'backup') {
    await backupEmbedded({ dataDir, file, log });
    log(`Backed up ${dataDir}/postgres to ${file}.`);
  } else {
    await restoreEmbedded({ dataDir, file, log });
    log(`Restored ${file} into ${dataDir}/postgres. Start Fleetdeck with npm start.`);
  }
} catch (error) {
  process.stderr.write(
    `${command === 'backup' ? 'Backup' : 'Restore'} failed: ${(error as Error).message}\n`,
  );
  process.exit(1);
}
