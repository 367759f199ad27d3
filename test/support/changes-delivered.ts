import { expect } from 'vitest';
import { TEAM_CHANGE_CHANNEL } from '../../src/service/live/team-changes.js';
import type { ServiceContext } from '../../src/service/context.js';

/**
 * Resolves once every team change the database announced before it has reached this instance's
 * listeners: a marker is announced after them and heard on the same `LISTEN`, which delivers in
 * commit order. On PostgreSQL a change's notice can arrive after the write that made it has
 * returned, so a test that clears what a listener heard waits for this first.
 */
export async function changesDelivered(ctx: Pick<ServiceContext, 'db'>): Promise<void> {
  const marker = `marker-${crypto.randomUUID()}`;
  let heard = false;
  const stop = await ctx.db.listen(TEAM_CHANGE_CHANNEL, (payload) => {
    if (payload === marker) heard = true;
  });
  try {
    await ctx.db.query('SELECT pg_notify($1, $2)', [TEAM_CHANGE_CHANNEL, marker]);
    await expect.poll(() => heard).toBe(true);
  } finally {
    await stop();
  }
}
