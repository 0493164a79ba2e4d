import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the file's tests with the process in `zone` (Node reads TZ again when it changes), e.g.
 * west of UTC to show that a calendar day is not read as local midnight and moved back a day.
 */
export function inTimeZone(zone: string): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
