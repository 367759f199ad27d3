import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { runAllTasks, type ClaimedTask } from '../../support/collection-fixtures.js';
import { keyedApi } from '../../support/relationship-events.js';
import { sequenceEnrollments } from '../../support/sequence-fixtures.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';
import { runRelationshipSync } from '../../../src/service/relationships/sync.js';
import { readCsv } from '../../../src/service/csv/read-csv.js';
import { engineerProfile as profile } from '../../support/profile-output.js';

/**
 * What a sequence's results count, on a real database with an emulated agent: a reply after the
 * last step (within the window) makes the person replied and counts in the funnel; one person
 * enrolled twice under two forms of their profile is contacted once; a CSV import brings template
 * fields (commas, quotes, line breaks, non-Latin scripts) and reports bad lines, and the export
 * gives them back.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;
let api: ReturnType<typeof keyedApi>;

const ME = 'urn:li:fsd_profile:ACoAAAdaResult1';
const LATE = 'urn:li:fsd_profile:ACoAALateReply1';
const TOO_LATE = 'urn:li:fsd_profile:ACoAATooLate001';
const DUP = 'urn:li:fsd_profile:ACoAADuplicate1';
const thread = (p: string) => `urn:li:msg_conversation:(${ME},2-${p.slice(-6)})`;

beforeAll(async () => {
  svc = await startTestService({ RELATIONSHIP_SYNC_INTERVAL_S: '60' });
  team = await createAgentTeam(svc, 'Results', [{ email: 'ada@results.test', role: 'admin' }]);
  ada = team.member('ada@results.test');
  api = keyedApi(svc, team.keyHeaders);
  // More sequences than the free plan's 3 (sequence-pages.test.ts tests the cap).
  await svc.ctx.db.query(`UPDATE teams SET plan = 'business' WHERE id = $1`, [team.id]);
});
afterAll(async () => {
  await svc.close();
});

const runAll = (answer: (t: ClaimedTask) => unknown) => runAllTasks(svc, ada, answer);

const enrollments = (id: string) => sequenceEnrollments(api, id);

describe('a reply after the last step', () => {
  test('within the window the person becomes replied and counts in the funnel; after it, not', async () => {
    for (const p of [LATE, TOO_LATE])
      await svc.ctx.db.query(
        `INSERT INTO member_connections (team_id, user_id, profile_urn, connected_at) VALUES ($1, $2, $3, now())`,
        [team.id, ada.userId, p],
      );
    const seq = await api('POST', '/api-sequences', {
      name: 'Two messages',
      steps: [
        { type: 'message', text: 'Hello!' },
        { type: 'message', text: 'A last word.' },
      ],
    });
    expect(seq.body.reply_window_days).toBe(30);
    const id = seq.body.id;
    await api('POST', `/api-sequences/${id}/enrollments`, { profiles: [LATE, TOO_LATE] });
    // Each message: one read of the conversation, then the message.
    for (let round = 0; round < 4; round++) {
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
    expect((await enrollments(id)).map((e) => e.state)).toEqual(['finished', 'finished']);
    // One of them finished 31 days ago: a reply now is past the window.
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET ended_at = now() - interval '31 days' WHERE profile_urn = $1`,
      [TOO_LATE],
    );
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
      last_message: { text: 'Sounds good!', sender_urn: p, from_me: false, delivered_at: at },
    });
    await runAll((t) =>
      t.type === 'agent_conversations_fetch'
        ? { conversations: [reply(LATE), reply(TOO_LATE)] }
        : t.type === 'agent_connections_fetch'
          ? { connections: [], start: 0, count: 0, total: null }
          : t.type === 'agent_sent_invitations_fetch'
            ? { invitations: [] }
            : { messages: [] },
    );
    const people = Object.fromEntries(
      (await enrollments(id)).map((e) => [e.profile.profile_urn, e.state]),
    );
    expect(people).toEqual({ [LATE]: 'replied', [TOO_LATE]: 'finished' });
    const { body } = await api('GET', `/api-sequences/${id}`);
    expect(body.funnel).toMatchObject({ enrolled: 2, messaged: 2, replied: 1, reply_rate: 0.5 });
    expect(body.funnel_by_sender).toEqual([
      { sender: { email: 'ada@results.test', name: 'ada' }, funnel: body.funnel },
    ]);
  });
});

describe('one person enrolled twice under two forms of their profile', () => {
  test('once the visit resolves them, the later enrollment stops with the reason and one invitation goes out', async () => {
    const steps = [{ type: 'visit' }, { type: 'connection_request' }];
    const first = await api('POST', '/api-sequences', { name: 'By slug', steps });
    const second = await api('POST', '/api-sequences', { name: 'By URN', steps });
    await api('POST', `/api-sequences/${first.body.id}/enrollments`, { profiles: ['dup-person'] });
    // The slug is not resolved yet: the URN goes in as someone else.
    expect(
      (await api('POST', `/api-sequences/${second.body.id}/enrollments`, { profiles: [DUP] })).body,
    ).toEqual({ enrolled: 1, skipped: [] });
    await advanceSequences(svc.ctx);
    const visits = await runAll((t) => {
      expect(t.type).toBe('agent_profile_fetch');
      return profile(DUP, 'dup-person', 'Dee Duplicate', 'Twins Ltd');
    });
    expect(visits.length).toBe(2);
    await advanceSequences(svc.ctx);
    const invites = await runAll(() => ({ sent: true, invitation_urn: null }));
    expect(invites.map((t) => [t.type, t.input.profile_urn])).toEqual([
      ['agent_connection_request', DUP],
    ]);
    await advanceSequences(svc.ctx);
    expect((await enrollments(first.body.id))[0]).toMatchObject({ state: 'finished' });
    expect((await enrollments(second.body.id))[0]).toMatchObject({
      state: 'stopped',
      error:
        'the same person as “dup-person” in the sequence “By slug”, enrolled under another form of their profile: stopped so that nothing is sent to them twice',
    });
  });
});

describe('CSV in and out', () => {
  const CSV = [
    'profile,role,company,notes',
    'ada-csv,"Chief, Engines","Analytical ""Engine"" Co",plain',
    'https://www.linkedin.com/in/li-wei/,工程师,北京 Robotics,"line one',
    'line two"',
    ',orphan,x,y',
    'extra-fields,a,b,c,d',
    'grace-csv,Admiral,=Navy,x',
    'not a profile!,a,b,c',
  ].join('\r\n');

  test('a CSV enrolls each row with its columns as {custom.<column>}; bad lines are reported by number', async () => {
    const seq = await api('POST', '/api-sequences', {
      name: 'From the CRM',
      steps: [
        { type: 'visit' },
        {
          type: 'connection_request',
          note: 'Hi {first_name}, about {custom.role|your role} at {custom.company}: {custom.notes}',
        },
      ],
    });
    const res = await svc.call('POST', `/api-sequences/${seq.body.id}/enrollments`, {
      headers: { ...team.keyHeaders, 'content-type': 'text/csv; charset=utf-8' },
      body: CSV,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      enrolled: 3,
      skipped: [{ profile: 'not a profile!', reason: 'not a profile URL, slug or URN' }],
      errors: [
        { line: 5, reason: 'the profile column is empty' },
        { line: 6, reason: '5 fields where the header has 4' },
      ],
    });
    const people = await enrollments(seq.body.id);
    expect(people.map((e) => e.custom)).toEqual([
      { role: 'Chief, Engines', company: 'Analytical "Engine" Co', notes: 'plain' },
      { role: '工程师', company: '北京 Robotics', notes: 'line one\r\nline two' },
      { role: 'Admiral', company: '=Navy', notes: 'x' },
    ]);
    await advanceSequences(svc.ctx);
    const names: Record<string, [string, string]> = {
      'ada-csv': ['urn:li:fsd_profile:ACoAAAdaCsv0001', 'Ada Lovelace'],
      'li-wei': ['urn:li:fsd_profile:ACoAALiWeiCsv01', '李伟'],
      'grace-csv': ['urn:li:fsd_profile:ACoAAGraceCsv01', 'Grace Hopper'],
    };
    await runAll((t) => {
      const [urn, name] = names[String(t.input.profile_slug)]!;
      return profile(urn, String(t.input.profile_slug), name, null);
    });
    await advanceSequences(svc.ctx);
    const invites = await runAll(() => ({ sent: true, invitation_urn: null }));
    expect(invites.map((t) => t.input.note)).toEqual([
      'Hi Ada, about Chief, Engines at Analytical "Engine" Co: plain',
      'Hi 李伟, about 工程师 at 北京 Robotics: line one\r\nline two',
      'Hi Grace, about Admiral at =Navy: x',
    ]);
    await advanceSequences(svc.ctx);
  });

  test('the export streams every person with sender, step and dates, and the custom columns come back', async () => {
    const [seq] = (await api('GET', '/api-sequences')).body.sequences.filter(
      (s: any) => s.name === 'From the CRM',
    );
    const res = await svc.call('GET', `/api-sequences/${seq.id}/enrollments?format=csv`, {
      headers: team.keyHeaders,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await res.text();
    const rows: Record<string, string>[] = [];
    for await (const entry of readCsv(text)) if ('fields' in entry) rows.push(entry.fields);
    expect(Object.keys(rows[0]!)).toEqual([
      'profile',
      'profile_urn',
      'name',
      'state',
      'sender_email',
      'sender_reason',
      'step',
      'step_type',
      'enrolled_at',
      'invited_at',
      'accepted_at',
      'messaged_at',
      'replied_at',
      'next_run_at',
      'waiting_reason',
      'error',
      'company',
      'notes',
      'role',
    ]);
    expect(rows.map((r) => [r.profile, r.name, r.state, r.sender_email, r.role, r.notes])).toEqual([
      ['ada-csv', 'Ada Lovelace', 'finished', 'ada@results.test', 'Chief, Engines', 'plain'],
      [
        'https://www.linkedin.com/in/li-wei/',
        '李伟',
        'finished',
        'ada@results.test',
        '工程师',
        'line one\r\nline two',
      ],
      ['grace-csv', 'Grace Hopper', 'finished', 'ada@results.test', 'Admiral', 'x'],
    ]);
    expect(rows[0]!.company).toBe('Analytical "Engine" Co');
    expect(rows[1]!.company).toBe('北京 Robotics');
    // A cell a spreadsheet would run as a formula is neutralised in the file; the reader takes the
    // mark off again, so the value comes back as it was.
    expect(text).toContain(",'=Navy,");
    expect(rows[2]!.company).toBe('=Navy');
    expect(rows.every((r) => r.invited_at && r.enrolled_at)).toBe(true);

    // The export imports again: same people, same fields.
    const again = await api('POST', '/api-sequences', {
      name: 'Again',
      steps: [{ type: 'visit' }],
    });
    const imported = await svc.call('POST', `/api-sequences/${again.body.id}/enrollments`, {
      headers: { ...team.keyHeaders, 'content-type': 'text/csv' },
      body: text,
    });
    expect((await imported.json()).enrolled).toBe(3);
    const back = await enrollments(again.body.id);
    expect(back.map((e) => [e.custom.role, e.custom.notes, e.custom.state])).toEqual([
      ['Chief, Engines', 'plain', 'finished'],
      ['工程师', 'line one\r\nline two', 'finished'],
      ['Admiral', 'x', 'finished'],
    ]);

    const noProfile = await svc.call('POST', `/api-sequences/${again.body.id}/enrollments`, {
      headers: { ...team.keyHeaders, 'content-type': 'text/csv' },
      body: 'name,role\r\nAda,Chief\r\n',
    });
    expect(noProfile.status).toBe(400);
    expect(await noProfile.json()).toEqual({ error: 'CSV header has no "profile" column' });
  });
});
