import pg from 'pg';
import { benchSchema, startInstance } from './service-instance.js';
import { createTeam } from '../src/service/teams/api-keys.js';
import { acknowledgeConsent, loadConsent } from '../src/service/consent/member-consent.js';
import { issueAgentToken } from '../src/service/auth/agent-tokens.js';
import type { ServiceContext } from '../src/service/context.js';
import { TASK_TYPES } from '../src/contract/task-types.js';
import { DEFAULT_WARM_UP } from '../src/contract/account-health.js';

/** A real service on a loopback port over one database, with a team of `agents` members. */
export interface BenchService {
  label: string;
  ctx: ServiceContext;
  url: string;
  apiKey: string;
  teamId: string;
  agents: { userId: string; headers: Record<string, string> }[];
  close(): Promise<void>;
}

/**
 * A load test is no person's account: the team's budgets as an admin who accepts the risk may set
 * them (PATCH /api-team). `null`: no limit on any kind; otherwise these kinds' limits over the defaults.
 */
export async function setBenchBudgets(
  svc: Pick<BenchService, 'ctx' | 'teamId'>,
  budgets: Record<string, { per_day: number | null; per_week?: number | null }> | null,
) {
  const stored =
    budgets ?? Object.fromEntries(TASK_TYPES.map((t) => [t, { per_day: null, per_week: null }]));
  await svc.ctx.db.query('UPDATE teams SET budgets = $2::jsonb WHERE id = $1', [
    svc.teamId,
    JSON.stringify(stored),
  ]);
}

/** `env`: more of the service's settings, as an operator sets them. */
export async function startBenchService(
  label: string,
  databaseUrl: string,
  agents: number,
  env: Record<string, string> = {},
): Promise<BenchService> {
  const instance = await startInstance(databaseUrl, benchSchema(databaseUrl), {
    dropsSchema: true,
    env,
  });
  const { ctx } = instance;
  const team = await createTeam(ctx.db, ctx.secretKey, `bench ${label}`);
  const list: BenchService['agents'] = [];
  for (let i = 0; i < agents; i++) {
    const userId = crypto.randomUUID();
    await ctx.db.query('INSERT INTO users (id, email, full_name) VALUES ($1, $2, $3)', [
      userId,
      `agent${i}@bench.test`,
      `Agent ${i}`,
    ]);
    await ctx.db.query(
      `INSERT INTO memberships (team_id, email, user_id, role, joined_at, last_active_at) VALUES ($1, $2, $3, $4, now(), now())`,
      [team.id, `agent${i}@bench.test`, userId, i === 0 ? 'admin' : 'member'],
    );
    const token = await issueAgentToken(ctx.db, userId);
    list.push({
      userId,
      headers: {
        'x-api-key': team.apiKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
    });
  }
  // A member who sends messages becomes one the relationship sync reads (docs/relationships.md), and
  // a first sync is due at once: its connection and inbox reads would join the benched queue. These
  // members were read just now, so their next sync falls after the run (the agents also check that
  // every task they are handed is of the benched kind, bench/http-agents.mjs).
  for (const { userId } of list) {
    await ctx.db.query(
      `INSERT INTO relationship_sync (team_id, user_id, next_sync_at, last_sync_at) VALUES ($1, $2, now() + interval '1 day', now())`,
      [team.id, userId],
    );
  }
  // Members as a team's are in their second week (docs/budgets.md, "Warm-up" and "Health"): each
  // warming up, every other one's health at watch, so each claim scales the budgets as in life.
  await ctx.db.query(
    `UPDATE memberships
        SET warm_up_started_at = now() - interval '4 days', warm_up_ends_at = now() + interval '10 days',
            warm_up_start_factor = $2, health_checked_at = now(),
            health_level = CASE WHEN email ~ '[13579]@' THEN 'watch' ELSE 'good' END
      WHERE team_id = $1`,
    [team.id, DEFAULT_WARM_UP.start_factor],
  );
  // Each agent's member acknowledged what runs in their name (docs/agent-protocol.md, "Consent"), as in the popup.
  for (const { userId } of list) {
    const consent = await loadConsent(ctx.db, team.id, userId);
    await acknowledgeConsent(ctx.db, team.id, userId, { version: consent!.current.version });
  }
  return {
    label,
    ctx,
    url: instance.url,
    apiKey: team.apiKey,
    teamId: team.id,
    agents: list,
    close: () => instance.close(),
  };
}

/** DATABASE_URL, or the local server when one answers; null when there is no PostgreSQL to use. */
export async function findPostgres(): Promise<string | null> {
  const url = process.env.DATABASE_URL ?? 'postgres://agent:agent@127.0.0.1:5432/agent';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
