// A child process for the backup kill -9 test: it opens a PGlite folder and starts a backup to
// the given file; once the first table's rows are written (inside the snapshot, before the
// file is complete) it prints the kill point and waits to be killed.
//   backup-kill-child.ts <pglite folder> <backup file>

import { writeBackup } from '../db/backup/write-backup.ts';
import { openPglite } from '../db/client.ts';
import { backupKillPoint } from './backup-kill-point.ts';

const [folder = '', file = ''] = process.argv.slice(2);
const database = await openPglite({ dataDir: folder });
await writeBackup(database, file, {
  afterTable: () =>
    new Promise(() => {
      process.stdout.write(`${backupKillPoint}\n`);
      setInterval(() => {}, 60_000);
    }),
});
