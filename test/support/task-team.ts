import { createTeam } from '../../src/service/teams/api-keys.js';
import { issueAgentToken } from '../../src/service/auth/agent-tokens.js';
import type { TestService } from './test-service.js';
import { acknowledgeConsent, loadConsent } from '../../src/service/consent/member-consent.js';
import { enqueueTask } from '../../src/service/tasks/enqueue.js';

/**
 * A team with members and agent tokens, written with the service's own team and token code (no
 * sign-in round trip): the task and agent tests need many teams in many states, cheaply.
 */
export interface MemberSpec {
  email: string;
  role?: 'admin' | 'member';
  /** Hours since the member joined (orders admins for routing). Default 24. */
  joinedHoursAgo?: number;
  /** Hours since the member's agent was last active; null: never. Default 0 (active now). */
  activeHoursAgo?: number | null;
  /**
   * Whether the member acknowledged the consent text their agent is asked (docs/agent-protocol.md,
   * "Consent"). Default true: the claims of these tests are about other things.
   */
  consented?: boolean;
  /**
   * Whether the member's network account is new: its warm-up starts at its first heartbeat that
   * names the account (docs/budgets.md, "Warm-up"). Default false, an account warmed up long ago:
   * the budgets of these tests are about other things.
   */
  newAccount?: boolean;
}

export interface TeamMember {
  userId: string;
  email: string;
  token: string;
  /** Headers of an `/agent/` call by this member. */
  agentHeaders: Record<string, string>;
}

export interface AgentTeam {
  id: string;
  apiKey: string;
  /** Headers of a public API call with this team's key. */
  keyHeaders: Record<string, string>;
  members: TeamMember[];
  member(email: string): TeamMember;
}

export async function createAgentTeam(
  svc: TestService,
  name: string,
  members: MemberSpec[],
): Promise<AgentTeam> {
  const { db, secretKey } = svc.ctx;
  const team = await createTeam(db, secretKey, name);
  const out: TeamMember[] = [];
  for (const m of members) {
    const userId = crypto.randomUUID();
    await db.query('INSERT INTO users (id, email, full_name) VALUES ($1, $2, $3)', [
      userId,
      m.email,
      m.email.split('@')[0],
    ]);
    await db.query(
      `INSERT INTO memberships (team_id, email, user_id, role, joined_at, last_active_at, warm_up_started_at, warm_up_ends_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(hours => $5::int),
               CASE WHEN $6::double precision IS NULL THEN NULL ELSE now() - make_interval(secs => $6::double precision * 3600) END,
               CASE WHEN NOT $7 THEN now() - interval '30 days' END, CASE WHEN NOT $7 THEN now() - interval '16 days' END)`,
      [
        team.id,
        m.email,
        userId,
        m.role ?? 'member',
        m.joinedHoursAgo ?? 24,
        m.activeHoursAgo === undefined ? 0 : m.activeHoursAgo,
        m.newAccount === true,
      ],
    );
    const token = await issueAgentToken(db, userId);
    out.push({
      userId,
      email: m.email,
      token,
      agentHeaders: { 'x-api-key': team.apiKey, authorization: `Bearer ${token}` },
    });
  }
  // Once every member is in, as each member's popup would.
  for (const [i, m] of members.entries())
    if (m.consented !== false) await acknowledgeCurrentConsent(svc, team.id, out[i]!.userId);
  return {
    id: team.id,
    apiKey: team.apiKey,
    keyHeaders: { 'x-api-key': team.apiKey },
    members: out,
    member(email) {
      const found = out.find((m) => m.email === email);
      if (!found) throw new Error(`no member ${email}`);
      return found;
    },
  };
}

/**
 * Moves a task's clock back: tests never sleep (lease expiry, retry delays). A retry delay moved
 * back is announced to the team's claims, as the instance's timer for it would when it ran out: the
 * instance may know the team has nothing due until the delay's old end, and a claim would then wait
 * without looking (TaskSignals.nothingDue).
 */
export async function backdateTask(
  svc: TestService,
  taskId: string,
  set: 'lease_expires_at' | 'run_after',
  seconds: number,
) {
  const [row] = await svc.ctx.db.query<{ team_id: string }>(
    `UPDATE tasks SET ${set} = now() - make_interval(secs => $2::double precision) WHERE id = $1
     RETURNING team_id`,
    [taskId, seconds],
  );
  if (set === 'run_after' && row) await svc.ctx.signals.taskReady(row.team_id);
}

export async function taskRow(svc: TestService, taskId: string) {
  const [row] = await svc.ctx.db.query<{
    status: string;
    attempt: number;
    error: { code: string; message: string } | null;
    output: unknown;
    assigned_user_id: string | null;
    claimed_by: string | null;
    run_after: Date;
    lease_expires_at: Date | null;
  }>(
    'SELECT status, attempt, error, output, assigned_user_id, claimed_by, run_after, lease_expires_at FROM tasks WHERE id = $1',
    [taskId],
  );
  return row!;
}

/** The member acknowledges the consent text they are asked now, as their popup's "I understand, start" does. */
export async function acknowledgeCurrentConsent(
  svc: TestService,
  teamId: string,
  userId: string,
): Promise<void> {
  const consent = await loadConsent(svc.ctx.db, teamId, userId);
  if (!consent) throw new Error(`no member ${userId} in team ${teamId}`);
  await acknowledgeConsent(svc.ctx.db, teamId, userId, { version: consent.current.version });
}

/** A profile fetch for a fresh profile, queued as the API queues one: it wakes a waiting claim. */
export async function queueProfileTask(
  svc: TestService,
  teamId: string,
  assignedUserId: string | null = null,
): Promise<{ id: string }> {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId,
    type: 'agent_profile_fetch',
    input: {
      task_type: 'agent_profile_fetch',
      profile_slug: `p-${crypto.randomUUID().slice(0, 8)}`,
    },
    assignedUserId,
  });
  return task!;
}
