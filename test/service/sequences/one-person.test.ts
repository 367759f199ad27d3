import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { runAllTasks, type ClaimedTask } from '../../support/collection-fixtures.js';
import { keyedApi } from '../../support/relationship-events.js';
import { sequenceEnrollments } from '../../support/sequence-fixtures.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';
import { runRelationshipSync } from '../../../src/service/relationships/sync.js';
import { engineerProfile as profile } from '../../support/profile-output.js';

/**
 * One person, one row (docs/sequences.md): a person enrolled by slug, by profile URL and by URN is
 * one person of the sequence, at enrollment when a profile read told the team both forms, else
 * once a visit does (the rows merge); the funnel counts people, so no rate is above 1.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;
let api: ReturnType<typeof keyedApi>;

const ME = 'urn:li:fsd_profile:ACoAAAdaOnePer1';
const JANE = 'urn:li:fsd_profile:ACoAAJaneDoe001';
const PAT = 'urn:li:fsd_profile:ACoAAPatSlugOn1';
const QUINN = 'urn:li:fsd_profile:ACoAAQuinnOne01';
const thread = (p: string) => `urn:li:msg_conversation:(${ME},2-${p.slice(-6)})`;

beforeAll(async () => {
  svc = await startTestService({ RELATIONSHIP_SYNC_INTERVAL_S: '60' });
  team = await createAgentTeam(svc, 'One', [{ email: 'ada@one.test', role: 'admin' }]);
  ada = team.member('ada@one.test');
  api = keyedApi(svc, team.keyHeaders);
});
afterAll(() => svc.close());

const runAll = (answer: (t: ClaimedTask) => unknown) => runAllTasks(svc, ada, answer);

const enrollments = (id: string) => sequenceEnrollments(api, id);

describe('enrolling one person under three forms of their profile', () => {
  test('a person the team read is enrolled once, whichever form names them', async () => {
    await api('POST', '/network-agent/fetch-profile', { profile_slug: 'jane-doe' });
    await runAll(() => profile(JANE, 'jane-doe', 'Jane Doe', 'Acme'));
    const seq = await api('POST', '/api-sequences', { name: 'Known', steps: [{ type: 'visit' }] });
    const first = await api('POST', `/api-sequences/${seq.body.id}/enrollments`, {
      profiles: ['Jane-Doe', JANE, 'https://www.linkedin.com/in/jane-doe/'],
    });
    expect(first.body).toEqual({
      enrolled: 1,
      skipped: [
        { profile: JANE, reason: 'listed twice' },
        { profile: 'https://www.linkedin.com/in/jane-doe/', reason: 'listed twice' },
      ],
    });
    const again = await api('POST', `/api-sequences/${seq.body.id}/enrollments`, {
      profiles: [JANE],
    });
    expect(again.body).toEqual({
      enrolled: 0,
      skipped: [{ profile: JANE, reason: 'already enrolled in this sequence (as “Jane-Doe”)' }],
    });
    const [jane] = await enrollments(seq.body.id);
    expect(jane.profile).toMatchObject({ input: 'Jane-Doe', profile_urn: JANE });
    expect((await api('GET', `/api-sequences/${seq.body.id}`)).body.funnel.enrolled).toBe(1);
    await api('DELETE', `/api-sequences/${seq.body.id}`);
  });

  test('a slug and a URN of one person merge once the visit tells who they are; the funnel counts people', async () => {
    for (const p of [PAT, QUINN])
      await svc.ctx.db.query(
        `INSERT INTO member_connections (team_id, user_id, profile_urn, connected_at) VALUES ($1, $2, $3, now())`,
        [team.id, ada.userId, p],
      );
    const seq = await api('POST', '/api-sequences', {
      name: 'Unknown',
      steps: [{ type: 'visit' }, { type: 'message', text: 'Hello {first_name}!' }],
    });
    const id = seq.body.id;
    for (const profiles of [['pat-slug'], [PAT, QUINN]])
      expect(
        (await api('POST', `/api-sequences/${id}/enrollments`, { profiles })).body.skipped,
      ).toEqual([]);
    expect(await enrollments(id)).toHaveLength(3);

    await advanceSequences(svc.ctx);
    // Pat's two rows are visited by slug and by profile id, Quinn's by profile id.
    const visits = await runAll((t) =>
      String(t.input.profile_slug).includes('Quinn')
        ? profile(QUINN, 'quinn-one', 'Quinn One', null)
        : profile(PAT, 'pat-slug', 'Pat Slug', null),
    );
    expect(visits).toHaveLength(3);
    // Each message: one read of the conversation, then the message.
    for (let round = 0; round < 3; round++) {
      await advanceSequences(svc.ctx);
      await runAll((t) =>
        t.type === 'agent_send_message'
          ? {
              sent: true,
              conversation_urn: thread(String(t.input.profile_urn)),
              delivered_at: new Date().toISOString(),
            }
          : t.type === 'agent_conversations_fetch'
            ? { conversations: [] }
            : { messages: [] },
      );
    }
    await advanceSequences(svc.ctx);
    const people = await enrollments(id);
    expect(people.map((e) => [e.profile.input, e.profile.profile_urn, e.state])).toEqual([
      ['pat-slug', PAT, 'finished'],
      [QUINN, QUINN, 'finished'],
    ]);
    // The merged row's visit is in the kept row's history: nothing of it is lost.
    expect(people[0].history.map((h: any) => h.task_type)).toEqual([
      'agent_profile_fetch',
      'agent_profile_fetch',
      'agent_conversations_fetch',
      'agent_send_message',
    ]);
    const messages = await svc.ctx.db.query(
      `SELECT 1 FROM tasks WHERE team_id = $1 AND type = 'agent_send_message' AND input ->> 'profile_urn' = $2`,
      [team.id, PAT],
    );
    expect(messages).toHaveLength(1);

    // Both reply: as many replies as people messaged, never more.
    await svc.ctx.db.query(
      `UPDATE relationship_sync SET next_sync_at = now() - interval '1 second' WHERE user_id = $1`,
      [ada.userId],
    );
    await runRelationshipSync(svc.ctx);
    const at = new Date().toISOString();
    const reply = (p: string) => ({
      conversation_urn: thread(p),
      unread: true,
      last_activity_at: at,
      participants: [{ profile_urn: p, name: 'Someone', profile_url: null }],
      last_message: { text: 'Sure!', sender_urn: p, from_me: false, delivered_at: at },
    });
    await runAll((t) =>
      t.type === 'agent_conversations_fetch'
        ? { conversations: [reply(PAT), reply(QUINN)] }
        : t.type === 'agent_connections_fetch'
          ? { connections: [], start: 0, count: 0, total: null }
          : t.type === 'agent_sent_invitations_fetch'
            ? { invitations: [] }
            : { messages: [] },
    );
    const { body } = await api('GET', `/api-sequences/${id}`);
    expect(body.funnel).toMatchObject({
      enrolled: 2,
      messaged: 2,
      replied: 2,
      reply_rate: 1,
    });
    const day = new Date().toISOString().slice(0, 10);
    const stats = await api('GET', `/api-stats/sequences/${id}?from=${day}&to=${day}`);
    expect(stats.body.totals).toMatchObject({
      enrolled: 2,
      messaged: 2,
      replied: 2,
      reply_rate: 1,
    });
  });
});
