/** What the backup kill child prints once its backup is midway (it then waits to be killed). */
export const backupKillPoint = 'KILL-POINT inside the backup';
