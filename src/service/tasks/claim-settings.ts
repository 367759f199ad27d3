import { PREPARED, type Queryable } from '../db/database.js';
import type { BudgetLimit, WorkingHours } from '../../contract/budgets.js';
import { effectiveBudgets, type TeamBudgets } from '../budgets/team-settings.js';
import { PerDatabaseMemory } from '../db/per-database-memory.js';

/**
 * What a claim needs to know of its member before it looks for a task: the team's stored budgets
 * and the member's working hours, as last read. `stored*` are the columns as they are in the
 * database, so a claim can check in its own statement that they have not changed since (claim.ts):
 * a memory that is wrong only costs a second look, never a task claimed under old limits.
 */
export interface ClaimSettings {
  storedBudgets: unknown;
  workingHours: WorkingHours | null;
  /** The kinds with a daily or weekly limit, or null when none has one. */
  limits: Partial<TeamBudgets> | null;
}

// One entry per member whose claims this instance serves, as many as the credential cache holds.
const settingsSeen = new PerDatabaseMemory<ClaimSettings>(50_000);

export function rememberedSettings(
  db: object,
  teamId: string,
  userId: string,
): ClaimSettings | undefined {
  return settingsSeen.get(db, `${teamId}:${userId}`);
}

export function rememberSettings(
  db: object,
  teamId: string,
  userId: string,
  settings: ClaimSettings,
): void {
  settingsSeen.set(db, `${teamId}:${userId}`, settings);
}

/** The member's claim settings, read now (`lock`: with the member's row locked, in a transaction); null for no such member. */
export async function readClaimSettings(
  db: Queryable,
  teamId: string,
  userId: string,
  lock: boolean,
): Promise<ClaimSettings | null> {
  const [member] = await db.query<{ budgets: unknown; working_hours: WorkingHours | null }>(
    `SELECT t.budgets, m.working_hours FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.team_id = $1 AND m.user_id = $2${lock ? ' FOR UPDATE OF m' : ''}`,
    [teamId, userId],
    PREPARED,
  );
  if (!member) return null;
  return { ...teamBudgets(member.budgets ?? null), workingHours: member.working_hours ?? null };
}

// The budgets of a team, read once for each of its members: one copy of each distinct value, for
// the members of a large team the memory above holds. Keyed by its text, so never stale.
const budgetsSeen = new Map<string, Pick<ClaimSettings, 'storedBudgets' | 'limits'>>();
const MAX_BUDGETS_SEEN = 10_000;

function teamBudgets(stored: unknown): Pick<ClaimSettings, 'storedBudgets' | 'limits'> {
  const text = JSON.stringify(stored);
  const seen = budgetsSeen.get(text);
  if (seen) return seen;
  const budgets = { storedBudgets: stored, limits: limitedBudgets(effectiveBudgets(stored)) };
  if (budgetsSeen.size >= MAX_BUDGETS_SEEN) budgetsSeen.delete(budgetsSeen.keys().next().value!);
  budgetsSeen.set(text, budgets);
  return budgets;
}

function limitedBudgets(budgets: TeamBudgets): Partial<TeamBudgets> | null {
  const limited = (Object.entries(budgets) as [string, BudgetLimit][]).filter(
    ([, l]) => l.per_day !== null || l.per_week !== null,
  );
  return limited.length ? (Object.fromEntries(limited) as Partial<TeamBudgets>) : null;
}
