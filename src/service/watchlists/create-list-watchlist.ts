import type { ServiceContext } from '../context.js';
import type { TeamRow } from '../auth/identities.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import {
  assertCompanyCount,
  assertProfileCount,
  assertWatchlistSlot,
  lockTeamPlan,
} from '../plans/plan-limits.js';
import { planWatchlistNow } from '../scheduler/plan-now.js';
import { normaliseCompanies, normaliseProfiles, type ListMember } from './identifiers.js';
import { nameFromItems } from './names.js';
import { uniqueSlug } from './slugs.js';
import { isUuid } from '../db/is-uuid.js';

const LIST_NOT_FOUND = 'List not found or access denied';

interface ListWatchlistRequest {
  kind: 'people' | 'company';
  /** The raw `profiles` / `companies` array (undefined when not sent). */
  entries: unknown[] | undefined;
  name?: string;
  description?: string;
  listId?: string;
}

interface CreatedListWatchlist {
  id: string;
  name: string;
  slug: string;
  listId: string;
  /** Members of the tracked list after the request's entries were added. */
  membersCount: number;
}

const FIELD = { people: 'profiles', company: 'companies' } as const;

/**
 * POST /api-people-watchlist and /api-company-watchlist: the entries are normalised (400 naming the
 * bad ones), added to a new list or to the team's list `list_id`, and the watchlist tracks that
 * list. Everything is one transaction, so a refusal (plan cap, unknown list) writes nothing.
 * A people watchlist's tracking tasks are queued at once (spec); a company watchlist is due at the
 * scheduler's first tick.
 */
export async function createListWatchlist(
  ctx: Pick<ServiceContext, 'db' | 'signals' | 'log'>,
  team: TeamRow,
  req: ListWatchlistRequest,
): Promise<CreatedListWatchlist> {
  const emptyMessage = `Missing or invalid '${FIELD[req.kind]}' (must be a non-empty array)`;
  if ((!req.entries || req.entries.length === 0) && !req.listId)
    throw new HttpError(400, emptyMessage);
  const members =
    req.kind === 'people'
      ? normaliseProfiles(req.entries ?? [])
      : normaliseCompanies(req.entries ?? []);

  const created = await ctx.db.transaction(async (tx) => {
    const plan = await lockTeamPlan(tx, team.id);
    const reused = req.listId ? await teamList(tx, team.id, req.kind, req.listId) : null;
    await assertWatchlistSlot(tx, team.id, plan);
    const name = req.name || generatedName(req.kind, members, reused);
    const listId = reused?.id ?? crypto.randomUUID();
    if (!reused) {
      await tx.query('INSERT INTO lists (id, team_id, kind, name) VALUES ($1, $2, $3, $4)', [
        listId,
        team.id,
        req.kind,
        name,
      ]);
    }
    await addMembers(tx, listId, members);
    const [count] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM list_members WHERE list_id = $1',
      [listId],
    );
    const membersCount = count?.n ?? 0;
    if (membersCount === 0) throw new HttpError(400, emptyMessage);
    if (req.kind === 'people') assertProfileCount(membersCount, plan);
    else assertCompanyCount(membersCount, plan);

    const slug = await uniqueSlug(tx, team.id, name, `${req.kind}-watchlist`);
    const id = crypto.randomUUID();
    await tx.query(
      `INSERT INTO watchlists (id, team_id, type, name, slug, description, list_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, team.id, req.kind, name, slug, req.description || null, listId],
    );
    return { id, name, slug, listId, membersCount };
  });

  if (req.kind === 'people') {
    try {
      // Plans the first cycle now and moves its due time one period on, so the scheduler keeps rhythm.
      await planWatchlistNow(ctx, created.id);
    } catch (err) {
      // The watchlist is stored due at once: the scheduler's next tick plans it instead.
      ctx.log.error('people_watchlist_plan_failed', {
        watchlist_id: created.id,
        message: (err as Error).message,
      });
    }
  }
  return created;
}

async function teamList(tx: Queryable, teamId: string, kind: string, listId: string) {
  if (!isUuid(listId)) throw new HttpError(404, LIST_NOT_FOUND);
  const [list] = await tx.query<{ id: string; name: string }>(
    'SELECT id, name FROM lists WHERE id = $1 AND team_id = $2 AND kind = $3 FOR UPDATE',
    [listId, teamId, kind],
  );
  if (!list) throw new HttpError(404, LIST_NOT_FOUND);
  return list;
}

async function addMembers(tx: Queryable, listId: string, members: ListMember[]) {
  if (members.length === 0) return;
  await tx.query(
    `INSERT INTO list_members (list_id, identifier, identifier_kind)
     SELECT $1, m.identifier, m.kind FROM jsonb_to_recordset($2::jsonb) AS m(identifier text, kind text)
     ON CONFLICT (list_id, identifier) DO NOTHING`,
    [listId, JSON.stringify(members)],
  );
}

/** From the request's entries; a reused list with no new entries lends its name. */
function generatedName(
  kind: 'people' | 'company',
  members: ListMember[],
  reused: { name: string } | null,
): string {
  if (members.length > 0)
    return `${kind === 'people' ? 'People' : 'Companies'}: ${nameFromItems(members.map((m) => m.identifier))}`;
  return reused?.name ?? (kind === 'people' ? 'People watchlist' : 'Company watchlist');
}
