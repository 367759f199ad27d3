import { weakestFactor } from '../../contract/weakest-factor.js';
import type { Queryable } from '../db/database.js';
import type { ServiceContext } from '../context.js';
import { HEALTH_BUDGET_FACTOR, type HealthLevel } from '../../contract/account-health.js';
import { enqueueTeamEvent } from '../webhooks/store.js';
import { accountHealth } from './account-health.js';
import { readHealthInputs } from './health-inputs.js';

/**
 * Keeps each member's account health current (docs/budgets.md, "Health"), never in the claim: a
 * member is due when never computed, when an input changed (markHealthDue), or a while after the
 * last time (windows move, invitations get answers). Each member's row is updated in a transaction
 * of its own, with the `member.health_changed` event when its level moved; the claim reads the
 * level from the row. Safe on several instances: the row lock makes one of two see the other's level.
 */

/** How long a computed health holds before it is computed again. */
const HEALTH_RECHECK_MINUTES = 15;
/** Members computed per run: at a run every 30 s, 60,000 members an hour. */
const BATCH = 500;
/** NOTIFY channel: a member's health inputs changed (the job runs at once). */
export const HEALTH_DUE_CHANNEL = 'account_health_due';

/** A member's health is due now: a signal its health reads arrived (tasks/fail.ts). */
export async function markHealthDue(tx: Queryable, teamId: string, userId: string): Promise<void> {
  await tx.query(
    'UPDATE memberships SET health_checked_at = NULL WHERE team_id = $1 AND user_id = $2',
    [teamId, userId],
  );
  await tx.query(`SELECT pg_notify('${HEALTH_DUE_CHANNEL}', $1)`, [teamId]);
}

/** Computes the health of the members due; answers how many were computed. */
export async function refreshAccountHealth(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
): Promise<number> {
  const due = await ctx.db.query<{ team_id: string; user_id: string; email: string }>(
    `SELECT team_id, user_id, email FROM memberships
      WHERE user_id IS NOT NULL
        AND (health_checked_at IS NULL OR health_checked_at < now() - make_interval(mins => ${HEALTH_RECHECK_MINUTES}))
      ORDER BY health_checked_at NULLS FIRST LIMIT ${BATCH}`,
  );
  const byTeam = new Map<string, { user_id: string; email: string }[]>();
  for (const m of due) byTeam.set(m.team_id, [...(byTeam.get(m.team_id) ?? []), m]);
  for (const [teamId, members] of byTeam) {
    const inputs = await readHealthInputs(
      ctx.db,
      teamId,
      members.map((m) => m.user_id),
    );
    let raised = false;
    for (const m of members) {
      const health = accountHealth(inputs.get(m.user_id)!);
      const previous = await ctx.db.transaction((tx) => saveHealth(tx, teamId, m, health));
      if (previous !== null && HEALTH_BUDGET_FACTOR[health.level] > HEALTH_BUDGET_FACTOR[previous])
        raised = true;
    }
    // A recovered account's budgets grew: tasks it held may run now.
    if (raised) await ctx.signals.taskReady(teamId);
  }
  return due.length;
}

/** Writes a member's health; answers the level before when it changed (the event sent), else null. */
async function saveHealth(
  tx: Queryable,
  teamId: string,
  member: { user_id: string; email: string },
  health: ReturnType<typeof accountHealth>,
): Promise<HealthLevel | null> {
  const [row] = await tx.query<{ previous: HealthLevel }>(
    `WITH old AS (SELECT health_level FROM memberships WHERE team_id = $1 AND user_id = $2 FOR UPDATE)
     UPDATE memberships m SET health_level = $3, health_score = $4, health_factors = $5, health_checked_at = now(),
            health_changed_at = CASE WHEN old.health_level IS DISTINCT FROM $3 THEN now() ELSE m.health_changed_at END
       FROM old WHERE m.team_id = $1 AND m.user_id = $2
     RETURNING old.health_level AS previous`,
    [teamId, member.user_id, health.level, health.score, JSON.stringify(health.factors)],
  );
  if (!row || row.previous === health.level) return null;
  await enqueueTeamEvent(tx, teamId, 'member.health_changed', {
    member: { id: member.user_id, email: member.email },
    previous_level: row.previous,
    level: health.level,
    score: health.score,
    budget_factor: HEALTH_BUDGET_FACTOR[health.level],
    weakest: weakestFactor(health.factors) ?? null,
    factors: health.factors,
  });
  return row.previous;
}
