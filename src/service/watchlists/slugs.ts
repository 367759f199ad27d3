import type { Queryable } from '../db/database.js';

const MAX_SLUG_LENGTH = 60;

/** `Café AI — Agents!` -> `cafe-ai-agents`; letters of other scripts are kept (URLs carry them fine). */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/**
 * A slug for `name` that no other watchlist of the team has: `name`, else `name-2`, `name-3`…
 * Call inside the transaction that holds the team lock (plans/plan-limits.ts), so two creations
 * cannot pick the same one; the UNIQUE (team_id, slug) index is the last guard.
 */
export async function uniqueSlug(
  tx: Queryable,
  teamId: string,
  name: string,
  fallback: string,
): Promise<string> {
  const base = slugify(name) || fallback;
  const rows = await tx.query<{ slug: string }>(
    `SELECT slug FROM watchlists WHERE team_id = $1 AND (slug = $2 OR slug LIKE $3)`,
    [teamId, base, `${base.replace(/[\\%_]/g, '\\$&')}-%`],
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
