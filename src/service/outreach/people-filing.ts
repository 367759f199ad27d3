import type { Queryable } from '../db/database.js';
import type { CompletedTask } from '../tasks/completion-hooks.js';
import { onTaskCompleted } from '../tasks/completion-hooks.js';
import type { CompanyOutput, ProfileOutput } from '../../contract/task-outputs.js';
import { companyIdOf, companyKeysOf } from './person-keys.js';

/**
 * A profile read: the person's URN and slug, one for the other, and their current companies (the
 * positions without an end) as the do-not-contact list's keys, with the slugs the team's company
 * reads gave for their numbers.
 */
async function filePersonRead(tx: Queryable, task: CompletedTask): Promise<void> {
  const p = task.output as ProfileOutput;
  if (!p.profile_urn) return;
  const current = p.experience.filter((x) => x.end === null && (x.company_name || x.company_urn));
  const ids = current.flatMap((x) => companyIdOf(x.company_urn) ?? []);
  const slugs = ids.length
    ? await tx.query<{ company_id: string; slug: string }>(
        'SELECT company_id, slug FROM team_companies WHERE team_id = $1 AND company_id = ANY ($2::text[])',
        [task.teamId, ids],
      )
    : [];
  const keys = companyKeysOf(
    current.map((x) => ({ name: x.company_name, companyUrn: x.company_urn })),
    new Map(slugs.map((s) => [s.company_id, s.slug])),
  );
  await tx.query(
    `INSERT INTO team_people (team_id, profile_urn, profile_slug, name, company_keys, seen_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (team_id, profile_urn) DO UPDATE
       SET profile_slug = COALESCE(EXCLUDED.profile_slug, team_people.profile_slug),
           name = COALESCE(EXCLUDED.name, team_people.name),
           company_keys = EXCLUDED.company_keys, seen_at = now()`,
    [
      task.teamId,
      p.profile_urn,
      p.public_identifier ? p.public_identifier.toLowerCase() : null,
      p.name || null,
      keys,
    ],
  );
}

/** A company read: its slug for its number, which later profile reads match the list by. */
async function fileCompanyRead(tx: Queryable, task: CompletedTask): Promise<void> {
  const c = task.output as CompanyOutput;
  const id = companyIdOf(c.company_urn);
  if (!id || !c.slug) return;
  await tx.query(
    `INSERT INTO team_companies (team_id, company_id, slug, name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (team_id, company_id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name`,
    [task.teamId, id, c.slug.toLowerCase(), c.name || null],
  );
}

let registered = false;
/** What profile and company reads teach the outreach checks, whoever queued the read. */
export function registerOutreachHooks(): void {
  if (registered) return;
  registered = true;
  onTaskCompleted('agent_profile_fetch', filePersonRead);
  onTaskCompleted('agent_company_fetch', fileCompanyRead);
}
