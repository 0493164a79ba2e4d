// Runs every benchmark; each prints its own figures beside its baseline. Needs `npm run build` first.
import { benchSessionStatus } from './session-status.bench.ts';

await benchSessionStatus();
