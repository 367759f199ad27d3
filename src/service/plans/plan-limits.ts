import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { planOf } from './plans.js';

/** The cap checks of watchlist and sequence operations; each refusal is a 403 naming the cap. */

function refuse(planName: string, what: string): never {
  throw new HttpError(403, `Plan limit reached: the ${planName} plan allows ${what}`);
}

/**
 * Locks the team row for the rest of the transaction and returns its plan. Every watchlist and
 * sequence creation and keyword change takes this lock first, so two concurrent requests cannot
 * both pass a cap check or both create the "same" keyword watchlist.
 */
export async function lockTeamPlan(tx: Queryable, teamId: string) {
  const [row] = await tx.query<{ plan: string }>(
    'SELECT plan FROM teams WHERE id = $1 FOR UPDATE',
    [teamId],
  );
  if (!row) throw new HttpError(401, 'Unauthorized');
  return planOf(row.plan);
}

export async function assertWatchlistSlot(
  tx: Queryable,
  teamId: string,
  plan: ReturnType<typeof planOf>,
) {
  const [row] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM watchlists WHERE team_id = $1',
    [teamId],
  );
  if ((row?.n ?? 0) >= plan.limits.watchlists) {
    refuse(
      plan.name,
      `${plan.limits.watchlists} watchlist${plan.limits.watchlists === 1 ? '' : 's'}`,
    );
  }
}

export function assertKeywordCount(count: number, plan: ReturnType<typeof planOf>) {
  if (count > plan.limits.keywordsPerWatchlist)
    refuse(plan.name, `${plan.limits.keywordsPerWatchlist} keywords per watchlist`);
}

export function assertProfileCount(count: number, plan: ReturnType<typeof planOf>) {
  if (count > plan.limits.profilesPerPeopleWatchlist) {
    refuse(plan.name, `${plan.limits.profilesPerPeopleWatchlist} profiles per people watchlist`);
  }
}

export function assertCompanyCount(count: number, plan: ReturnType<typeof planOf>) {
  if (count > plan.limits.companiesPerCompanyWatchlist) {
    refuse(
      plan.name,
      `${plan.limits.companiesPerCompanyWatchlist} companies per company watchlist`,
    );
  }
}

export async function assertSequenceSlot(
  tx: Queryable,
  teamId: string,
  plan: ReturnType<typeof planOf>,
) {
  const [row] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sequences WHERE team_id = $1',
    [teamId],
  );
  if ((row?.n ?? 0) >= plan.limits.sequences) {
    refuse(plan.name, `${plan.limits.sequences} sequence${plan.limits.sequences === 1 ? '' : 's'}`);
  }
}
