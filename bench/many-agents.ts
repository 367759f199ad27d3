import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../src/service/context.js';
import { createTeam } from '../src/service/teams/api-keys.js';
import { loadConsent } from '../src/service/consent/member-consent.js';
import { sha256 } from '../src/service/security/crypto.js';
import { TASK_TYPES } from '../src/contract/task-types.js';

/** One agent of the many-agents bench: its team and the headers of its `/agent/` calls. */
interface ManyAgent {
  teamId: string;
  headers: Record<string, string>;
}

/** A team of the bench, with its key for the public API calls. */
interface ManyTeam {
  id: string;
  apiKey: string;
}

/**
 * `teams` teams of `perTeam` members each, written in a few statements per batch of teams (one
 * INSERT per member made 10,000 of them take minutes): users, memberships with consent
 * acknowledged, agent tokens (their hashes), a relationship sync that is not due during the run,
 * and budgets without limits (a load test is no person's account).
 */
export async function createManyAgents(
  ctx: ServiceContext,
  teams: number,
  perTeam: number,
): Promise<{ teams: ManyTeam[]; agents: ManyAgent[] }> {
  const { db, secretKey } = ctx;
  const made: ManyTeam[] = [];
  const agents: ManyAgent[] = [];
  const unlimited = JSON.stringify(
    Object.fromEntries(TASK_TYPES.map((t) => [t, { per_day: null, per_week: null }])),
  );
  const BATCH = 50;
  for (let first = 0; first < teams; first += BATCH) {
    const rows = { team: [] as string[], user: [] as string[], email: [] as string[] };
    const roles: string[] = [];
    const hashes: Buffer[] = [];
    for (let t = first; t < Math.min(teams, first + BATCH); t++) {
      const team = await createTeam(db, secretKey, `bench team ${t}`);
      made.push({ id: team.id, apiKey: team.apiKey });
      for (let i = 0; i < perTeam; i++) {
        const userId = crypto.randomUUID();
        const token = `nat_${randomBytes(24).toString('base64url')}`;
        rows.team.push(team.id);
        rows.user.push(userId);
        rows.email.push(`agent${i}.t${t}@bench.test`);
        roles.push(i === 0 ? 'admin' : 'member');
        hashes.push(sha256(token));
        agents.push({
          teamId: team.id,
          headers: {
            'x-api-key': team.apiKey,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
        });
      }
    }
    await db.query(
      'INSERT INTO users (id, email, full_name) SELECT u, e, e FROM unnest($1::uuid[], $2::text[]) AS x(u, e)',
      [rows.user, rows.email],
    );
    await db.query(
      `INSERT INTO memberships (team_id, email, user_id, role, joined_at, last_active_at)
       SELECT t, e, u, r, now(), now() FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[]) AS x(t, e, u, r)`,
      [rows.team, rows.email, rows.user, roles],
    );
    await db.query(
      `INSERT INTO agent_tokens (token_hash, user_id, kind) SELECT h, u, 'extension' FROM unnest($1::bytea[], $2::uuid[]) AS x(h, u)`,
      [hashes, rows.user],
    );
    await db.query(
      `INSERT INTO relationship_sync (team_id, user_id, next_sync_at, last_sync_at)
       SELECT t, u, now() + interval '1 day', now() FROM unnest($1::uuid[], $2::uuid[]) AS x(t, u)`,
      [rows.team, rows.user],
    );
  }
  // The text each member is asked: the team's oldest admin's differs from the others'.
  const admin = agents[0]!;
  const [adminId] = await db.query<{ user_id: string }>(
    `SELECT user_id::text FROM memberships WHERE team_id = $1 AND role = 'admin'`,
    [admin.teamId],
  );
  const [memberId] = await db.query<{ user_id: string }>(
    `SELECT user_id::text FROM memberships WHERE team_id = $1 AND role = 'member' LIMIT 1`,
    [admin.teamId],
  );
  const adminVersion = (await loadConsent(db, admin.teamId, adminId!.user_id))!.current.version;
  const memberVersion = memberId
    ? (await loadConsent(db, admin.teamId, memberId.user_id))!.current.version
    : adminVersion;
  const ids = made.map((t) => t.id);
  await db.query(
    `UPDATE memberships SET consent_acknowledged_at = now(),
            consent_version = CASE WHEN role = 'admin' THEN $2 ELSE $3 END
      WHERE team_id = ANY($1::uuid[])`,
    [ids, adminVersion, memberVersion],
  );
  await db.query('UPDATE teams SET budgets = $2::jsonb WHERE id = ANY($1::uuid[])', [
    ids,
    unlimited,
  ]);
  return { teams: made, agents };
}
