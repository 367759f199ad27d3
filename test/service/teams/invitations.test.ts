import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { startTestService, type TestService } from '../../support/test-service.js';

// Membership needs consent: an invitation to someone who already belongs to a team waits for their
// answer, and a team with members is never left without an admin.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const invite = (admin: SignedIn, email: string, role = 'member') =>
  svc.call('POST', '/api-team-members', { headers: admin.memberHeaders, body: { email, role } });
const teamOf = async (who: { memberHeaders: Record<string, string> }) =>
  (await svc.call('GET', '/api-team', { headers: who.memberHeaders })).json() as Promise<{
    team: { id: string };
    members: { email: string; role: string; status: string }[];
  }>;

describe('invitations to someone who belongs to another team', () => {
  it('accepting moves the person with a new key and token; their old team gets its oldest member as admin', async () => {
    const ada = await signIn(svc, 'acc-ada@example.com', 'Ada');
    const bob = await signIn(svc, 'acc-bob@example.com', 'Bob');
    // Bob's team has a member besides him: leaving must not leave it without an admin.
    expect((await invite(bob, 'acc-carl@example.com')).status).toBe(201);
    const carl = await signIn(svc, 'acc-carl@example.com');
    expect(carl.team.id).toBe(bob.team.id);
    expect((await invite(ada, 'acc-bob@example.com', 'admin')).status).toBe(201);

    const again = await signIn(svc, 'acc-bob@example.com');
    expect(again.team.id).toBe(bob.team.id);
    const list = (await (
      await svc.call('GET', '/api-team-invitations', { headers: again.memberHeaders })
    ).json()) as { invitations: Array<{ leaving: unknown }> };
    expect(list.invitations[0]!.leaving).toEqual({
      team_id: bob.team.id,
      team_name: "Bob's team",
      only_admin: true,
      next_admin: 'acc-carl@example.com',
      other_members: 1,
    });

    const res = await svc.call('POST', '/api-team-invitations/accept', {
      headers: again.memberHeaders,
      body: { team_id: ada.team.id },
    });
    expect(res.status).toBe(200);
    const joined = (await res.json()) as {
      message: string;
      team: { id: string; api_key: string };
      agent_token: string;
      role: string;
    };
    expect(joined).toMatchObject({
      success: true,
      team: { id: ada.team.id, name: "Ada's team" },
      role: 'admin',
      message:
        "You joined Ada's team as admin. You left Bob's team; acc-carl@example.com is its admin now.",
    });
    expect(joined.team.api_key).toBe(ada.apiKey);
    // Old token (and the one from the second sign-in) stop working; the new one works in the new team.
    expect((await svc.call('GET', '/api-team', { headers: again.memberHeaders })).status).toBe(401);
    const now = {
      memberHeaders: {
        'x-api-key': joined.team.api_key,
        authorization: `Bearer ${joined.agent_token}`,
      },
    };
    expect((await teamOf(now)).members.map((m) => [m.email, m.role, m.status])).toEqual([
      ['acc-ada@example.com', 'admin', 'active'],
      ['acc-bob@example.com', 'admin', 'active'],
    ]);
    expect((await teamOf(carl)).members.map((m) => [m.email, m.role])).toEqual([
      ['acc-carl@example.com', 'admin'],
    ]);
  });

  it('declining withdraws the invitation and keeps the person where they are', async () => {
    const ann = await signIn(svc, 'dec-ann@example.com', 'Ann');
    const ben = await signIn(svc, 'dec-ben@example.com', 'Ben');
    await invite(ann, 'dec-ben@example.com');
    // Ben's extension learns of it from its next heartbeat: the popup asks him, it does not move him.
    const heartbeat = () =>
      svc.call('POST', '/agent/heartbeat', {
        headers: ben.memberHeaders,
        body: {
          extension_version: '1.0.0',
          browser: 'Chrome 140',
          network: { signed_in: true },
          paused: false,
        },
      });
    const before = (await (await heartbeat()).json()) as {
      team: { id: string };
      invitations: Array<{ team_id: string; team_name: string; leaving: { only_admin: boolean } }>;
    };
    expect(before.team.id).toBe(ben.team.id);
    expect(before.invitations).toMatchObject([
      {
        team_id: ann.team.id,
        team_name: "Ann's team",
        role: 'member',
        leaving: { team_id: ben.team.id, only_admin: true, other_members: 0 },
      },
    ]);
    const res = await svc.call('POST', '/api-team-invitations/decline', {
      headers: ben.memberHeaders,
      body: { team_id: ann.team.id },
    });
    expect(await res.json()).toEqual({ success: true, message: 'The invitation was declined' });
    expect(
      await (await svc.call('GET', '/api-team-invitations', { headers: ben.memberHeaders })).json(),
    ).toEqual({ invitations: [] });
    expect((await teamOf(ann)).members.map((m) => m.email)).toEqual(['dec-ann@example.com']);
    expect(((await (await heartbeat()).json()) as { invitations: unknown[] }).invitations).toEqual(
      [],
    );
    expect(
      (
        await svc.call('POST', '/api-team-invitations/decline', {
          headers: ben.memberHeaders,
          body: { team_id: ann.team.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await svc.call('POST', '/api-team-invitations/accept', {
          headers: ben.memberHeaders,
          body: { team_id: ann.team.id },
        })
      ).status,
    ).toBe(404);
  });

  it('someone without a team joins the inviting team at sign-in, as before', async () => {
    const ida = await signIn(svc, 'new-ida@example.com', 'Ida');
    await invite(ida, 'new-jo@example.com');
    const jo = await signIn(svc, 'new-jo@example.com');
    expect(jo.team.id).toBe(ida.team.id);
    expect(jo.role).toBe('member');
  });

  it('refuses a malformed choice with the field named', async () => {
    const kim = await signIn(svc, 'bad-kim@example.com');
    const res = await svc.call('POST', '/api-team-invitations/accept', {
      headers: kim.memberHeaders,
      body: { team_id: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Missing or invalid 'team_id'" });
  });
});
