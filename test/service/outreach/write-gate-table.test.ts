import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { addToList } from '../../../src/service/outreach/list-store.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';
import { REFUSABLE_TYPES } from '../../../src/contract/task-kinds.js';
import type { TaskType } from '../../../src/contract/task-types.js';
import type { ApprovalListResponse } from '../../../src/contract/approvals.js';

/**
 * The write gate (src/service/tasks/write-gate.ts, docs/team-pool.md "The gate") as a table: every
 * write kind × every path × every guard, each to its documented outcome. The outcomes are data
 * (`outcome` below); a combination that does not apply says why. Each case gets a person, a post
 * and a conversation of its own, so the cases never see each other's list entries or contacts.
 */

const KINDS = ['like', 'comment', 'invite', 'message', 'withdraw', 'mark_read'] as const;
const PATHS = ['rest', 'dashboard', 'mcp', 'sequence', 'approval'] as const;
const GUARDS = [
  'refused_kind',
  'consent_missing',
  'dnc_person',
  'dnc_company',
  'window',
  'window_forced',
  'force_by_non_person',
  'inactive',
  'ai_approval',
] as const;
type Kind = (typeof KINDS)[number];
type Path = (typeof PATHS)[number];
type Guard = (typeof GUARDS)[number];

/**
 * What a case ends in. `refused`: the caller's error (REST status and `{error}`; MCP a tool error
 * in the same words; a sequence stops the person with that reason; an approval leaves the write
 * awaiting). `queued`: the task's status (and its failure's code), `forcedOver` when it keeps the
 * contact a person's force or approval went past. `na`: the combination does not apply, and why.
 */
type Outcome =
  | { refused: 403 | 409; error: string }
  | { queued: 'pending' | 'failed' | 'awaiting_approval'; code?: string; forcedOver?: true }
  | { na: string };

const PERSON_LISTED = "Refused: this person is on the team's do-not-contact list";
const AUTHOR_LISTED = "Refused: the post's author is on the team's do-not-contact list";
const WORKS_AT_LISTED = "which is on the team's do-not-contact list";
const CONTACTED = 'Refused: this person was contacted by bob@gate.test on';
const FORCE_DENIED = 'Access denied: only a signed-in member may force past the contact window';
const INACTIVE = 'Plugin installation required';

const POST_KINDS: readonly Kind[] = ['like', 'comment'];
const FORCEABLE: readonly Kind[] = ['invite', 'message'];

/** The documented outcome of one combination (docs/team-pool.md "The gate", its table). */
function outcome(kind: Kind, path: Path, guard: Guard): Outcome {
  if (kind === 'mark_read') return markReadOutcome(path, guard);
  if (kind === 'comment' && path === 'sequence') return { na: 'sequences have no comment step' };
  const post = POST_KINDS.includes(kind);
  switch (guard) {
    case 'refused_kind':
      return { queued: 'failed', code: 'refused_by_member' };
    case 'consent_missing':
      return { queued: path === 'mcp' ? 'awaiting_approval' : 'pending' };
    case 'dnc_person':
      if (kind === 'withdraw') return { na: 'withdrawing an invitation contacts nobody' };
      // A sequence checks the person it enrolled, whose post its like step finds.
      return { refused: 409, error: post && path !== 'sequence' ? AUTHOR_LISTED : PERSON_LISTED };
    case 'dnc_company':
      if (kind === 'withdraw') return { na: 'withdrawing an invitation contacts nobody' };
      // A post of a listed company page, or a person who works at a listed company.
      return {
        refused: 409,
        error: post && path !== 'sequence' ? `${AUTHOR_LISTED} (` : WORKS_AT_LISTED,
      };
    case 'window':
      if (!FORCEABLE.includes(kind))
        return { na: 'the contact window holds invitations and first messages only' };
      // The approver saw the recent contact in the list: approving passes it, and the task keeps it.
      if (path === 'approval') return { queued: 'pending', forcedOver: true };
      return { refused: 409, error: CONTACTED };
    case 'window_forced':
      if (!FORCEABLE.includes(kind)) return { na: 'its body takes no force' };
      if (path === 'rest') return { na: 'the key alone may not force (force_by_non_person)' };
      if (path === 'sequence') return { na: 'a sequence never forces' };
      if (path === 'approval')
        return { na: 'an approval carries no force: approving passes the window (window)' };
      return { queued: path === 'mcp' ? 'awaiting_approval' : 'pending', forcedOver: true };
    case 'force_by_non_person':
      if (!FORCEABLE.includes(kind)) return { na: 'its body takes no force' };
      if (path === 'rest' || path === 'mcp') return { refused: 403, error: FORCE_DENIED };
      if (path === 'dashboard') return { na: 'the dashboard carries a member’s sign-in' };
      return { na: 'no force on this path' };
    case 'inactive':
      // A sequence's step is not refused by the 48-hour rule: its task waits for the extension.
      if (path === 'sequence') return { queued: 'pending' };
      return { refused: 403, error: INACTIVE };
    case 'ai_approval':
      if (path === 'approval') return { na: 'approving is the approval' };
      return { queued: path === 'mcp' ? 'awaiting_approval' : 'pending' };
  }
}

/** Marking a conversation read is not a write in a member's name: only the 48-hour rule holds it. */
function markReadOutcome(path: Path, guard: Guard): Outcome {
  if (path === 'mcp') return { na: 'no MCP tool marks a conversation read' };
  if (path === 'sequence' || path === 'approval')
    return { na: 'not a write: neither sequences nor approvals have it' };
  if (guard === 'inactive') return { refused: 403, error: INACTIVE };
  if (guard === 'consent_missing' || guard === 'ai_approval') return { queued: 'pending' };
  if (guard === 'refused_kind') return { na: 'not a kind a member can refuse' };
  if (guard === 'dnc_person' || guard === 'dnc_company')
    return { na: 'it marks the member’s own inbox: nobody is contacted' };
  return { na: 'its body takes no force, and it is no contact' };
}

const CASES = KINDS.flatMap((kind) =>
  PATHS.flatMap((path) => GUARDS.map((guard) => ({ kind, path, guard }))),
).map((c) => ({ ...c, outcome: outcome(c.kind, c.path, c.guard) }));

let svc: TestService;
let server: ServerType;
let mcpUrl: URL;
let gate: AgentTeam;
let idle: AgentTeam;
const clients: Client[] = [];

beforeAll(async () => {
  svc = await startTestService();
  server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  mcpUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  gate = await createAgentTeam(svc, 'Gate', [
    { email: 'ada@gate.test', role: 'admin', joinedHoursAgo: 100 },
    { email: 'bob@gate.test' },
    { email: 'carl@gate.test' },
    { email: 'dan@gate.test', consented: false },
    { email: 'eve@gate.test' },
    { email: 'fay@gate.test' },
  ]);
  // eve turned every kind a member may refuse off.
  const asked = await svc.call('GET', '/agent/consent', {
    headers: gate.member('eve@gate.test').agentHeaders,
  });
  const { version } = (await asked.json()) as { version: string };
  const refused = await svc.call('POST', '/agent/consent', {
    headers: gate.member('eve@gate.test').agentHeaders,
    body: { version, refused_types: REFUSABLE_TYPES },
  });
  expect(refused.status).toBe(200);
  // No member's extension seen in 48 hours.
  idle = await createAgentTeam(svc, 'Idle', [
    { email: 'ida@idle.test', role: 'admin', activeHoursAgo: 100 },
  ]);
  // Room for a sequence per case.
  await svc.ctx.db.query(`UPDATE teams SET plan = 'business' WHERE id = ANY($1::uuid[])`, [
    [gate.id, idle.id],
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await new Promise((resolve) => server.close(resolve));
  await svc.close();
});

/** An MCP client of the team, with a member's agent token or the key alone. */
async function mcpClient(team: AgentTeam, member: TeamMember | null): Promise<Client> {
  const client = new Client({ name: 'gate-table', version: '1.0.0' });
  const headers = member ? member.agentHeaders : team.keyHeaders;
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { 'x-client-name': 'gate-table', ...headers } },
    }),
  );
  clients.push(client);
  return client;
}

/** What one case's target is: its person, its post (by them, or by a company page), its thread. */
interface Target {
  team: AgentTeam;
  /** The member it runs as. */
  member: TeamMember;
  /** Whose sign-in the dashboard and the MCP client carry. */
  person: TeamMember;
  urn: string;
  slug: string;
  company: string;
  postId: string;
  postUrn: string;
  conversation: string;
}

let n = 0;

async function target(kind: Kind, path: Path, guard: Guard): Promise<Target> {
  n++;
  const id = String(n).padStart(4, '0');
  const team = guard === 'inactive' ? idle : gate;
  const ada = team.members[0]!;
  const member =
    guard === 'inactive'
      ? ada
      : guard === 'consent_missing'
        ? gate.member('dan@gate.test')
        : guard === 'refused_kind'
          ? gate.member(path === 'approval' ? 'fay@gate.test' : 'eve@gate.test')
          : gate.member('carl@gate.test');
  const t: Target = {
    team,
    member,
    person: ada,
    urn: `urn:li:fsd_profile:ACoAAGate${id}x`,
    slug: `gate-person-${id}`,
    company: `gate-co-${id}`,
    postId: crypto.randomUUID(),
    postUrn: `urn:li:activity:74${id.padStart(17, '0')}`,
    conversation: `urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAGate${id}x,2-gate${id})`,
  };
  const byCompany = guard === 'dnc_company' && POST_KINDS.includes(kind) && path !== 'sequence';
  await svc.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, author_name, author_url, author_slug, author_type, posted_at)
     VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/update/x', 'Author', $4, $5, $6, now())`,
    [
      t.postId,
      team.id,
      t.postUrn,
      byCompany
        ? `https://www.linkedin.com/company/${t.company}/`
        : `https://www.linkedin.com/in/${t.slug}/`,
      byCompany ? t.company : t.slug,
      byCompany ? 'company' : 'person',
    ],
  );
  // The team read the person's profile: it knows their slug, URN and current company.
  await svc.ctx.db.query(
    `INSERT INTO team_people (team_id, profile_urn, profile_slug, name, company_keys)
     VALUES ($1, $2, $3, 'Person', $4)`,
    [team.id, t.urn, t.slug, [`slug:${t.company}`]],
  );
  return t;
}

/** The guard's state: the list, another member's recent contact, a refusal, a quiet team. */
async function applyGuard(kind: Kind, path: Path, guard: Guard, t: Target, late: boolean) {
  const db = svc.ctx.db;
  if (guard === 'dnc_person') {
    const value = POST_KINDS.includes(kind) && path !== 'sequence' ? t.slug : t.urn;
    await addToList(db, t.team.id, [{ kind: 'person', value }], null);
  }
  if (guard === 'dnc_company') {
    const value = `https://www.linkedin.com/company/${t.company}/`;
    await addToList(db, t.team.id, [{ kind: 'company', value }], null);
  }
  if (guard === 'window' || guard === 'window_forced') {
    // bob messaged the person two days ago (a first message: a contact in the window's sense).
    const task = await enqueueTask(db, svc.ctx.signals, {
      teamId: t.team.id,
      type: 'agent_send_message',
      input: { task_type: 'agent_send_message', profile_urn: t.urn, message_text: 'Hi' },
      assignedUserId: gate.member('bob@gate.test').userId,
      queuedBy: { kind: 'sequence' },
    });
    await db.query(`UPDATE contact_events SET at = now() - interval '2 days' WHERE task_id = $1`, [
      task!.id,
    ]);
  }
  if (late && guard === 'refused_kind')
    await db.query(
      'UPDATE memberships SET refused_types = $3 WHERE team_id = $1 AND user_id = $2',
      [t.team.id, t.member.userId, REFUSABLE_TYPES],
    );
  // An approval's write is queued while the team is active; the extension goes quiet after.
  if (guard === 'inactive') {
    const active = path === 'approval' && !late;
    await db.query(
      `UPDATE memberships SET last_active_at = now() - make_interval(hours => $2) WHERE team_id = $1`,
      [t.team.id, active ? 0 : 100],
    );
  }
}

/** What the case came to. */
interface Observed {
  /** Refused: the HTTP status (`tool_error` over MCP, `stopped` in a sequence) and the words. */
  refused?: number | 'tool_error' | 'stopped';
  error?: string;
  task?: { id: string; status: string; code: string | null; forcedOver: boolean };
}

const TYPES: Record<Kind, TaskType> = {
  like: 'agent_like_post',
  comment: 'agent_comment_post',
  invite: 'agent_connection_request',
  message: 'agent_send_message',
  withdraw: 'agent_invitation_withdraw',
  mark_read: 'agent_conversation_mark_read',
};
const ENDPOINTS: Record<Kind, string> = {
  like: 'like-post',
  comment: 'comment-post',
  invite: 'send-connection-request',
  message: 'send-message',
  withdraw: 'withdraw-connection-request',
  mark_read: 'mark-conversation-read',
};
const TOOLS: Partial<Record<Kind, string>> = {
  like: 'like_post',
  comment: 'comment_post',
  invite: 'send_connection_request',
  message: 'send_message',
  withdraw: 'withdraw_invitation',
};

/** The network body of the kind for the target, with `force` for the guards that send it. */
function networkBody(kind: Kind, guard: Guard, t: Target): Record<string, unknown> {
  const force = guard === 'window_forced' || guard === 'force_by_non_person' ? { force: true } : {};
  const member_email = t.member.email;
  switch (kind) {
    case 'like':
      return { social_urn: t.postUrn, member_email };
    case 'comment':
      return { social_urn: t.postUrn, comment_text: 'Well put', member_email };
    case 'invite':
      return { profile_urn: t.urn, member_email, ...force };
    case 'message':
      return { profile_urn: t.urn, message_text: 'Hello', member_email, ...force };
    case 'withdraw':
      return { profile_urn: t.urn, member_email };
    case 'mark_read':
      return { conversation_urn: t.conversation, member_email };
  }
}

async function taskFacts(id: string): Promise<NonNullable<Observed['task']>> {
  const [row] = await svc.ctx.db.query<{
    status: string;
    error: { code: string } | null;
    forced_over: unknown;
  }>('SELECT status, error, forced_over FROM tasks WHERE id = $1', [id]);
  return {
    id,
    status: row!.status,
    code: row!.error?.code ?? null,
    forcedOver: row!.forced_over !== null,
  };
}

async function answer(res: Response, idField: string): Promise<Observed> {
  const body = (await res.json()) as Record<string, string>;
  if (res.status !== 200) return { refused: res.status, error: body.error };
  return { task: await taskFacts(body[idField]!) };
}

async function viaRest(kind: Kind, guard: Guard, t: Target): Promise<Observed> {
  const res = await svc.call('POST', `/network-agent/${ENDPOINTS[kind]}`, {
    headers: t.team.keyHeaders,
    body: networkBody(kind, guard, t),
  });
  return answer(res, 'api_agent_task_id');
}

/** The dashboard: its own routes for a like and a comment, the network ones for the rest. */
async function viaDashboard(kind: Kind, guard: Guard, t: Target): Promise<Observed> {
  const headers = t.person.agentHeaders;
  if (kind === 'like' || kind === 'comment') {
    const res = await svc.call('POST', kind === 'like' ? '/api-like' : '/api-comment', {
      headers,
      body: {
        post_id: t.postId,
        user_email: t.member.email,
        ...(kind === 'comment' ? { comment_text: 'Well put' } : {}),
      },
    });
    return answer(res, 'task_id');
  }
  const res = await svc.call('POST', `/network-agent/${ENDPOINTS[kind]}`, {
    headers,
    body: networkBody(kind, guard, t),
  });
  return answer(res, 'api_agent_task_id');
}

async function viaMcp(kind: Kind, guard: Guard, t: Target): Promise<Observed> {
  const client = await mcpClient(t.team, guard === 'force_by_non_person' ? null : t.person);
  const result = (await client.callTool({
    name: TOOLS[kind]!,
    arguments: networkBody(kind, guard, t),
  })) as CallToolResult;
  if (result.isError)
    return { refused: 'tool_error', error: (result.content[0] as { text: string }).text };
  const id = (result.structuredContent as { api_agent_task_id: string }).api_agent_task_id;
  return { task: await taskFacts(id) };
}

const STEPS: Partial<Record<Kind, unknown[]>> = {
  like: [{ type: 'like_latest_post' }],
  invite: [{ type: 'connection_request' }],
  message: [{ type: 'message', text: 'Hello' }],
  withdraw: [{ type: 'wait_for_acceptance', max_days: 1, withdraw_if_not_accepted: true }],
};

/**
 * A sequence of the member with the kind's step, the person enrolled while nothing refused them,
 * then the guard, and the engine's next move: the step queued through the gate, or the person
 * stopped with its reason.
 */
async function viaSequence(kind: Kind, guard: Guard, t: Target): Promise<Observed> {
  const db = svc.ctx.db;
  const created = await svc.call('POST', '/api-sequences', {
    headers: t.team.keyHeaders,
    body: { name: `Gate ${n}`, sender_email: t.member.email, steps: STEPS[kind] },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const enrolled = await svc.call('POST', `/api-sequences/${id}/enrollments`, {
    headers: t.team.keyHeaders,
    body: { profiles: [t.urn] },
  });
  expect(((await enrolled.json()) as { enrolled: number }).enrolled).toBe(1);
  await applyGuard(kind, 'sequence', guard, t, false);
  // Where the engine stands just before the kind's task: connected, invited long ago, a post found.
  if (kind === 'message')
    await db.query(
      `UPDATE sequence_enrollments SET accepted_at = now(), phase = 'read' WHERE sequence_id = $1`,
      [id],
    );
  if (kind === 'withdraw')
    await db.query(
      `UPDATE sequence_enrollments SET invited_at = now() - interval '3 days', last_step_at = now() - interval '3 days'
        WHERE sequence_id = $1`,
      [id],
    );
  if (kind === 'like') {
    const found = await enqueueTask(db, svc.ctx.signals, {
      teamId: t.team.id,
      type: 'agent_profiles_tracking',
      input: { task_type: 'agent_profiles_tracking', profile_urns: [t.urn], count: 1 },
      queuedBy: { kind: 'sequence' },
    });
    await db.query(`UPDATE tasks SET status = 'completed', output = $2 WHERE id = $1`, [
      found!.id,
      JSON.stringify({ posts: [{ social_urn: t.postUrn }] }),
    ]);
    await db.query(
      `UPDATE sequence_enrollments SET phase = 'find_post', current_task_id = $2 WHERE sequence_id = $1`,
      [id, found!.id],
    );
  }
  await advanceSequences(svc.ctx);
  const [e] = await db.query<{ state: string; error: string | null; task_id: string | null }>(
    `SELECT e.state, e.error,
            (SELECT st.task_id FROM sequence_tasks st JOIN tasks x ON x.id = st.task_id
              WHERE st.enrollment_id = e.id AND x.type = $2 LIMIT 1) AS task_id
       FROM sequence_enrollments e WHERE e.sequence_id = $1`,
    [id, TYPES[kind]],
  );
  if (e!.task_id) return { task: await taskFacts(e!.task_id) };
  return { refused: 'stopped', error: e!.error ?? `${e!.state}, no error` };
}

/**
 * An AI client's write queued awaiting approval while nothing refused it, then the guard, then a
 * person's approval: the gate runs again. The approver saw the recent contact in the list.
 */
async function viaApproval(kind: Kind, guard: Guard, t: Target): Promise<Observed> {
  if (guard === 'inactive') await applyGuard(kind, 'approval', guard, t, false);
  const queued = await viaMcp(kind, 'ai_approval', t);
  expect(queued.task?.status, queued.error).toBe('awaiting_approval');
  const taskId = queued.task!.id;
  await applyGuard(kind, 'approval', guard, t, true);
  if (guard === 'window') {
    const row = await approvalRow(t, taskId);
    expect(row?.recent_contact?.member_email).toBe('bob@gate.test');
    expect(row?.forced_over).toBeNull();
  }
  const res = await svc.call('POST', `/api-approvals/${taskId}/approve`, {
    headers: t.person.agentHeaders,
    body: {},
  });
  const body = (await res.json()) as { error?: string };
  const task = await taskFacts(taskId);
  if (res.status !== 200) {
    // Refused: it still awaits a decision.
    expect(task.status).toBe('awaiting_approval');
    return { refused: res.status, error: body.error };
  }
  return { task };
}

async function approvalRow(t: Target, taskId: string) {
  const res = await svc.call('GET', '/api-approvals', { headers: t.person.agentHeaders });
  const list = (await res.json()) as ApprovalListResponse;
  return list.approvals.find((a) => a.task_id === taskId);
}

async function run(kind: Kind, path: Path, guard: Guard): Promise<Observed> {
  const t = await target(kind, path, guard);
  try {
    if (path === 'sequence') return await viaSequence(kind, guard, t);
    if (path === 'approval') return await viaApproval(kind, guard, t);
    await applyGuard(kind, path, guard, t, false);
    const seen =
      path === 'rest'
        ? await viaRest(kind, guard, t)
        : path === 'dashboard'
          ? await viaDashboard(kind, guard, t)
          : await viaMcp(kind, guard, t);
    // The approver of a forced write sees whose contact it went past, and when.
    if (seen.task?.status === 'awaiting_approval' && guard === 'window_forced') {
      const row = await approvalRow(t, seen.task.id);
      expect(row?.forced_over?.member_email).toBe('bob@gate.test');
      expect(row?.forced_over?.kind).toBe('messaged');
    }
    return seen;
  } finally {
    if (guard === 'refused_kind' && path === 'approval')
      await svc.ctx.db.query(
        `UPDATE memberships SET refused_types = '{}' WHERE team_id = $1 AND user_id = $2`,
        [t.team.id, t.member.userId],
      );
    if (guard === 'inactive')
      await svc.ctx.db.query(
        `UPDATE memberships SET last_active_at = now() - interval '100 hours' WHERE team_id = $1`,
        [t.team.id],
      );
  }
}

function describeOutcome(o: Outcome): string {
  if ('na' in o) return `does not apply: ${o.na}`;
  if ('refused' in o) return `${o.refused} ${o.error}`;
  return `${o.queued}${o.code ? ` (${o.code})` : ''}${o.forcedOver ? ', keeps the contact forced past' : ''}`;
}

describe('the table', () => {
  it('names an outcome, or why it does not apply, for every kind × path × guard', () => {
    expect(CASES).toHaveLength(KINDS.length * PATHS.length * GUARDS.length);
    for (const c of CASES) {
      if ('na' in c.outcome) expect(c.outcome.na.length, JSON.stringify(c)).toBeGreaterThan(5);
    }
    // Every guard bites somewhere, and every path is walked.
    for (const g of GUARDS)
      expect(
        CASES.some((c) => c.guard === g && !('na' in c.outcome)),
        g,
      ).toBe(true);
    for (const p of PATHS)
      expect(
        CASES.some((c) => c.path === p && !('na' in c.outcome)),
        p,
      ).toBe(true);
  });
});

for (const guard of GUARDS) {
  describe(`guard: ${guard}`, () => {
    for (const c of CASES.filter((x) => x.guard === guard && !('na' in x.outcome))) {
      it(`${c.kind} × ${c.path} → ${describeOutcome(c.outcome)}`, async () => {
        const seen = await run(c.kind, c.path, c.guard);
        const o = c.outcome;
        if ('refused' in o) {
          const expected =
            c.path === 'sequence' ? 'stopped' : c.path === 'mcp' ? 'tool_error' : o.refused;
          expect(seen.refused, JSON.stringify(seen)).toBe(expected);
          const words = c.path === 'sequence' ? o.error.replace(/^Refused: /, '') : o.error;
          expect(seen.error).toContain(words);
        } else if ('queued' in o) {
          expect(seen.task, JSON.stringify(seen)).toBeDefined();
          expect(seen.task!.status).toBe(o.queued);
          if (o.code) expect(seen.task!.code).toBe(o.code);
          expect(seen.task!.forcedOver).toBe(o.forcedOver === true);
        }
      });
    }
  });
}

describe('an ai key is an AI client, which never forces', () => {
  it('403 over REST and a tool error over MCP, even with a member’s agent token beside it', async () => {
    const ada = gate.member('ada@gate.test');
    const made = await svc.call('POST', '/api-keys', {
      headers: ada.agentHeaders,
      body: { name: 'assistant', scope: 'ai' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { api_key } = (await made.json()) as { api_key: string };
    const headers = { 'x-api-key': api_key, authorization: `Bearer ${ada.token}` };
    const t = await target('invite', 'rest', 'window_forced');
    await applyGuard('invite', 'rest', 'window_forced', t, false);
    const body = networkBody('invite', 'window_forced', t);
    const res = await svc.call('POST', '/network-agent/send-connection-request', { headers, body });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toContain(FORCE_DENIED);

    const client = new Client({ name: 'gate-table', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } }));
    clients.push(client);
    const result = (await client.callTool({
      name: 'send_connection_request',
      arguments: body,
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toContain(FORCE_DENIED);
  });
});
