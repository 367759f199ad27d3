import { expect, test } from 'vitest';
import { openPglite } from '../../../src/service/db/pglite-database.js';
import { createTeamChanges } from '../../../src/service/live/team-changes.js';
import { migratedPgliteImage } from '../../support/pglite-image.js';

// Either database: the switch is PGlite's (on PostgreSQL changes are always announced), opened here whatever DATABASE_URL says.

/**
 * The switch that turns PGlite's team-change announcements on for the first open stream
 * (migration 045): a stream that cannot turn it on, the database being gone, opens nothing and
 * leaves nothing subscribed.
 */
test('a subscription whose switch fails leaves nothing subscribed', async () => {
  const db = await openPglite('memory://', { image: await migratedPgliteImage() });
  const changes = await createTeamChanges(db);
  const team = crypto.randomUUID();
  const unsubscribe = await changes.subscribe(team, () => {});
  expect(changes.count(team)).toBe(1);
  unsubscribe();
  unsubscribe();
  expect(changes.count(team)).toBe(0);
  await db.close();
  await expect(changes.subscribe(team, () => {})).rejects.toThrow(/closed/);
  expect(changes.count(team)).toBe(0);
});
