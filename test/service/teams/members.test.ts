import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { TeamView, MemberView } from '../../../src/contract/members.js';
import { oldestAdmin } from '../../../src/service/tasks/routing.js';

let svc: TestService;
beforeAll(async () => {
  // Some 30 sign-ins from one in-process client: more codes than one client address may ask in an hour.
  svc = await startTestService({ SIGNIN_CODES_PER_CLIENT_HOUR: '1000' });
});
afterAll(async () => {
  await svc.close();
});

async function team(s: SignedIn): Promise<TeamView> {
  const res = await svc.call('GET', '/api-team', { headers: s.memberHeaders });
  expect(res.status).toBe(200);
  return TeamView.parse(await res.json());
}

function add(s: SignedIn, email: string, role?: 'admin' | 'member') {
  return svc.call('POST', '/api-team-members', {
    headers: s.memberHeaders,
    body: role ? { email, role } : { email },
  });
}

describe('GET /api-team', () => {
  it('shows the team with its plan, the caller, and agent_active from last_active_at within 48 h', async () => {
    const ada = await signIn(svc, 'view-ada@example.com', 'Ada');
    let v = await team(ada);
    expect(v.team).toMatchObject({
      id: ada.team.id,
      name: "Ada's team",
      plan: 'free',
      agent_active: false,
    });
    expect(v.me).toEqual({ id: ada.user.id, email: 'view-ada@example.com', role: 'admin' });
    expect(v.members).toHaveLength(1);
    expect(v.members[0]).toMatchObject({
      user_id: ada.user.id,
      full_name: 'Ada',
      status: 'active',
      agent_active: false,
    });

    await svc.ctx.db.query(
      `UPDATE memberships SET last_active_at = now() - interval '47 hours', extension_version = '1.2.3', network_signed_in = true
        WHERE user_id = $1`,
      [ada.user.id],
    );
    v = await team(ada);
    expect(v.team.agent_active).toBe(true);
    expect(v.members[0]).toMatchObject({
      agent_active: true,
      extension_version: '1.2.3',
      network_signed_in: true,
    });

    await svc.ctx.db.query(
      `UPDATE memberships SET last_active_at = now() - interval '49 hours' WHERE user_id = $1`,
      [ada.user.id],
    );
    v = await team(ada);
    expect(v.team.agent_active).toBe(false);
    expect(v.members[0]!.agent_active).toBe(false);
  });

  it('needs the key and the member token', async () => {
    const s = await signIn(svc, 'view-keys@example.com');
    let res = await svc.call('GET', '/api-team');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Missing API Key' });
    res = await svc.call('GET', '/api-team', {
      headers: { 'x-api-key': 'nak_' + 'x'.repeat(43), authorization: `Bearer ${s.agentToken}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid API Key' });
    res = await svc.call('GET', '/api-team', { headers: s.keyHeaders });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid agent token' });
  });
});

describe('members: invite, join at next sign-in, roles, removal', () => {
  it('an invited member joins the team at their next sign-in with the role the admin chose', async () => {
    const admin = await signIn(svc, 'inv-admin@example.com', 'Admin');
    const res = await add(admin, 'Inv-Bob@Example.com', 'admin');
    expect(res.status).toBe(201);
    const invited = MemberView.parse(await res.json());
    expect(invited).toMatchObject({
      email: 'inv-bob@example.com',
      role: 'admin',
      status: 'invited',
      user_id: null,
      joined_at: null,
    });

    const bob = await signIn(svc, 'inv-bob@example.com', 'Bob');
    expect(bob.team).toEqual(admin.team);
    expect(bob.apiKey).toBe(admin.apiKey);
    expect(bob.role).toBe('admin');
    const v = await team(bob);
    expect(v.me).toMatchObject({ email: 'inv-bob@example.com', role: 'admin' });
    expect(v.members.map((m) => [m.email, m.status])).toEqual([
      ['inv-admin@example.com', 'active'],
      ['inv-bob@example.com', 'active'],
    ]);
    // Invited with the default role
    expect((await add(admin, 'inv-carol@example.com')).status).toBe(201);
    const carol = await signIn(svc, 'inv-carol@example.com');
    expect(carol.role).toBe('member');
    expect(carol.team.id).toBe(admin.team.id);
  });

  it('a user of another team is never moved by signing in: the invitation waits for their answer', async () => {
    const dave = await signIn(svc, 'move-dave@example.com', 'Dave');
    const eve = await signIn(svc, 'move-eve@example.com', 'Eve');
    expect((await add(eve, 'move-dave@example.com')).status).toBe(201);
    const again = await signIn(svc, 'move-dave@example.com');
    expect(again.team.id).toBe(dave.team.id);
    expect(again.role).toBe('admin');
    const waiting = await svc.call('GET', '/api-team-invitations', {
      headers: again.memberHeaders,
    });
    expect(await waiting.json()).toEqual({
      invitations: [
        {
          team_id: eve.team.id,
          team_name: "Eve's team",
          role: 'member',
          invited_at: expect.any(String),
          leaving: {
            team_id: dave.team.id,
            team_name: "Dave's team",
            only_admin: true,
            next_admin: null,
            other_members: 0,
          },
        },
      ],
    });
    // The old sign-in still works: nothing moved.
    expect((await svc.call('GET', '/api-team', { headers: dave.memberHeaders })).status).toBe(200);
  });

  it('only an admin may add, change or remove members (403 Access denied)', async () => {
    const admin = await signIn(svc, 'perm-admin@example.com');
    await add(admin, 'perm-member@example.com');
    const member = await signIn(svc, 'perm-member@example.com');
    for (const res of [
      await add(member, 'perm-x@example.com'),
      await svc.call('PATCH', '/api-team-members', {
        headers: member.memberHeaders,
        body: { email: 'perm-member@example.com', role: 'admin' },
      }),
      await svc.call('DELETE', '/api-team-members?email=perm-admin@example.com', {
        headers: member.memberHeaders,
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Access denied' });
    }
    expect((await team(admin)).members.map((m) => [m.email, m.role])).toEqual([
      ['perm-admin@example.com', 'admin'],
      ['perm-member@example.com', 'member'],
    ]);
  });

  it('409 when the address is already a member or already invited', async () => {
    const admin = await signIn(svc, 'dup-admin@example.com');
    let res = await add(admin, 'dup-admin@example.com');
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/already a member of this team/);
    expect((await add(admin, 'dup-x@example.com')).status).toBe(201);
    res = await add(admin, 'DUP-X@example.com', 'admin');
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/already invited/);
  });

  it('PATCH sets roles and refuses to demote the last admin', async () => {
    const admin = await signIn(svc, 'role-admin@example.com');
    let res = await svc.call('PATCH', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'role-admin@example.com', role: 'member' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/last admin/);

    await add(admin, 'role-frank@example.com');
    await signIn(svc, 'role-frank@example.com');
    res = await svc.call('PATCH', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'role-frank@example.com', role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(MemberView.parse(await res.json())).toMatchObject({
      email: 'role-frank@example.com',
      role: 'admin',
      status: 'active',
    });
    // Now there are two admins: the first may step down.
    res = await svc.call('PATCH', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'role-admin@example.com', role: 'member' },
    });
    expect(res.status).toBe(200);
    expect((await team(admin)).me.role).toBe('member');

    res = await svc.call('PATCH', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'role-admin@example.com', role: 'admin' },
    });
    expect(res.status).toBe(403);
    res = await svc.call('PATCH', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'nobody@example.com', role: 'admin' },
    });
    expect(res.status).toBe(403);
  });

  it('PATCH of an unknown member is 404', async () => {
    const admin = await signIn(svc, 'role404@example.com');
    const res = await svc.call('PATCH', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'ghost@example.com', role: 'admin' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Member not found' });
  });

  it('DELETE removes a member (whose token then stops working) and never the last admin', async () => {
    const admin = await signIn(svc, 'del-admin@example.com');
    await add(admin, 'del-gina@example.com');
    const gina = await signIn(svc, 'del-gina@example.com');
    expect((await team(gina)).team.id).toBe(admin.team.id);

    let res = await svc.call('DELETE', '/api-team-members?email=del-admin@example.com', {
      headers: admin.memberHeaders,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/last admin/);

    res = await svc.call('DELETE', '/api-team-members?email=Del-Gina@example.com', {
      headers: admin.memberHeaders,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect((await svc.call('GET', '/api-team', { headers: gina.memberHeaders })).status).toBe(401);
    expect((await team(admin)).members.map((m) => m.email)).toEqual(['del-admin@example.com']);

    res = await svc.call('DELETE', '/api-team-members?email=del-gina@example.com', {
      headers: admin.memberHeaders,
    });
    expect(res.status).toBe(404);
    // Removing a pending invitation works too.
    await add(admin, 'del-pending@example.com');
    res = await svc.call('DELETE', '/api-team-members?email=del-pending@example.com', {
      headers: admin.memberHeaders,
    });
    expect(res.status).toBe(200);
    const gone = await signIn(svc, 'del-pending@example.com');
    expect(gone.team.id).not.toBe(admin.team.id);
    // A removed member who signs in again gets a team of their own.
    const back = await signIn(svc, 'del-gina@example.com');
    expect(back.team.id).not.toBe(admin.team.id);
    expect(back.role).toBe('admin');
  });
});

describe('oldest admin by joined_at', () => {
  it('the admin who joined first is the one tasks run as, whatever the order of the rows', async () => {
    const first = await signIn(svc, 'old-first@example.com');
    await add(first, 'old-second@example.com', 'admin');
    const second = await signIn(svc, 'old-second@example.com');
    expect((await oldestAdmin(svc.ctx.db, first.team.id)).email).toBe('old-first@example.com');
    const v = await team(first);
    expect(Date.parse(v.members[0]!.joined_at!)).toBeLessThanOrEqual(
      Date.parse(v.members[1]!.joined_at!),
    );

    await svc.ctx.db.query(
      `UPDATE memberships SET joined_at = now() - interval '30 days' WHERE user_id = $1`,
      [second.user.id],
    );
    expect((await oldestAdmin(svc.ctx.db, first.team.id)).email).toBe('old-second@example.com');
    expect((await team(first)).members[0]!.email).toBe('old-second@example.com');

    // A demoted admin is no longer a candidate.
    const res = await svc.call('PATCH', '/api-team-members', {
      headers: first.memberHeaders,
      body: { email: 'old-second@example.com', role: 'member' },
    });
    expect(res.status).toBe(200);
    expect((await oldestAdmin(svc.ctx.db, first.team.id)).email).toBe('old-first@example.com');
  });
});

describe('two teams are isolated', () => {
  it("team B's key and token cannot see or change team A", async () => {
    const a = await signIn(svc, 'iso-a@example.com');
    await add(a, 'iso-a2@example.com');
    const b = await signIn(svc, 'iso-b@example.com');
    // A's key with B's token: B is no member of A.
    let res = await svc.call('GET', '/api-team', {
      headers: { 'x-api-key': a.apiKey, authorization: `Bearer ${b.agentToken}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid agent token' });
    res = await svc.call('DELETE', '/api-team-members?email=iso-a2@example.com', {
      headers: { 'x-api-key': a.apiKey, authorization: `Bearer ${b.agentToken}` },
    });
    expect(res.status).toBe(401);
    // B's own credentials only reach B's team.
    res = await svc.call('DELETE', '/api-team-members?email=iso-a2@example.com', {
      headers: b.memberHeaders,
    });
    expect(res.status).toBe(404);
    res = await svc.call('PATCH', '/api-team-members', {
      headers: b.memberHeaders,
      body: { email: 'iso-a@example.com', role: 'member' },
    });
    expect(res.status).toBe(404);
    const vb = await team(b);
    expect(vb.members.map((m) => m.email)).toEqual(['iso-b@example.com']);
    const va = await team(a);
    expect(va.members.map((m) => [m.email, m.role])).toEqual([
      ['iso-a@example.com', 'admin'],
      ['iso-a2@example.com', 'member'],
    ]);
  });
});

describe('bad input on member endpoints is 4xx, never 500', () => {
  it('malformed JSON, unknown fields, wrong types, bad e-mail, bad role, huge body, missing query', async () => {
    const s = await signIn(svc, 'bad-admin@example.com');
    const h = s.memberHeaders;
    const cases: [string, string, unknown, number, string | RegExp][] = [
      ['POST', '/api-team-members', '{"email": ', 400, 'Malformed JSON body'],
      ['POST', '/api-team-members', '[1,2]', 400, 'Request body must be a JSON object'],
      [
        'POST',
        '/api-team-members',
        { email: 'x@example.com', extra: 1 },
        400,
        "Unknown field: 'extra'",
      ],
      ['POST', '/api-team-members', { email: 42 }, 400, "Missing or invalid 'email'"],
      ['POST', '/api-team-members', { email: 'not-an-email' }, 400, "Missing or invalid 'email'"],
      ['POST', '/api-team-members', {}, 400, "Missing or invalid 'email'"],
      [
        'POST',
        '/api-team-members',
        { email: 'x@example.com', role: 'owner' },
        400,
        /Invalid 'role'/,
      ],
      ['PATCH', '/api-team-members', { email: 'x@example.com' }, 400, /Invalid 'role'/],
      [
        'PATCH',
        '/api-team-members',
        { email: ['x'], role: 'admin' },
        400,
        "Missing or invalid 'email'",
      ],
      ['DELETE', '/api-team-members', undefined, 400, "Missing or invalid 'email'"],
      ['DELETE', '/api-team-members?email=nope', undefined, 400, "Missing or invalid 'email'"],
      [
        'POST',
        '/api-team-members',
        JSON.stringify({ email: 'x@example.com', pad: 'x'.repeat(2 * 1024 * 1024) }),
        413,
        /too large/,
      ],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await svc.call(method, path, { headers: h, body });
      expect([method, path, res.status]).toEqual([method, path, status]);
      const json = await res.json();
      if (typeof message === 'string') expect(json).toEqual({ error: message });
      else expect(json.error).toMatch(message);
    }
    expect((await team(s)).members).toHaveLength(1);
  });
});

describe('invitation mail and concurrent role changes', () => {
  it('the invited address gets a mail naming the team and how to join', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const admin = await signIn(svc, 'mail-admin@example.com', 'Mail <Admin>');
    expect((await add(admin, 'mail-new@example.com', 'admin')).status).toBe(201);
    const files = await readdir(svc.outboxDir);
    const mails = await Promise.all(files.map((f) => readFile(join(svc.outboxDir, f), 'utf8')));
    const invite = mails.filter((m) => /^To: mail-new@example.com$/m.test(m));
    expect(invite).toHaveLength(1);
    expect(invite[0]).toMatch(/^Subject: You were added to Mail <Admin>'s team on Network Agent$/m);
    expect(invite[0]).toContain('as admin');
    expect(invite[0]).toContain('Mail &lt;Admin&gt;');
    expect(invite[0]).not.toMatch(/<strong>Mail <Admin>/);
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    const a = await signIn(svc, 'race-a@example.com');
    await add(a, 'race-b@example.com', 'admin');
    const b = await signIn(svc, 'race-b@example.com');
    const [ra, rb] = await Promise.all([
      svc.call('PATCH', '/api-team-members', {
        headers: a.memberHeaders,
        body: { email: 'race-b@example.com', role: 'member' },
      }),
      svc.call('PATCH', '/api-team-members', {
        headers: b.memberHeaders,
        body: { email: 'race-a@example.com', role: 'member' },
      }),
    ]);
    // One wins; the other is refused as the last admin (400) or, if it arrived after, as a member (403).
    const statuses = [ra.status, rb.status];
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    expect([400, 403]).toContain(statuses.find((st) => st !== 200));
    const admins = (await team(a)).members.filter((m) => m.role === 'admin');
    expect(admins).toHaveLength(1);
  });
});
