import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { readOutbox } from '../../support/outbox-mail.js';

/**
 * Invitation mails go to any address an admin types, and anyone can sign up and be an admin: a mail
 * quotes only the inviter's name and the team's name, each cut to 60 characters, and is capped per
 * inviting member (INVITATIONS_PER_MEMBER_DAY, 20) and per team (INVITATIONS_PER_TEAM_DAY, 50) per
 * UTC day, with the defaults.
 */

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const invite = (admin: SignedIn, email: string, role: 'admin' | 'member' = 'member') =>
  svc.call('POST', '/api-team-members', { headers: admin.memberHeaders, body: { email, role } });
const mailsTo = async (email: string) =>
  (await readOutbox(svc.outboxDir)).filter((m) => m.to === email);

describe('what an invitation mail quotes', () => {
  test("a 200-character sign-up name and team arrive cut to 60, with nothing else of the sign-up's text", async () => {
    const name = 'Win a prize: reply with your bank details to prizes.example now '
      .repeat(4)
      .slice(0, 200);
    expect(name).toHaveLength(200);
    const admin = await signIn(svc, 'long-name@example.com', name);
    const team = (await (
      await svc.call('GET', '/api-team', { headers: admin.memberHeaders })
    ).json()) as {
      team: { name: string };
    };
    expect(team.team.name).toHaveLength(200);
    expect((await invite(admin, 'invitee@example.com')).status).toBe(201);

    const [mail, ...more] = await mailsTo('invitee@example.com');
    expect(more).toEqual([]);
    const cutName = `${name.slice(0, 59)}…`;
    const cutTeam = `${team.team.name.slice(0, 59)}…`;
    expect(cutName).toHaveLength(60);
    expect(mail!.subject).toBe(`You were added to ${cutTeam} on Network Agent`);
    expect(mail!.text).toContain(
      `${cutName} (long-name@example.com) added you to the team "${cutTeam}" on Network Agent as member.`,
    );
    expect(mail!.html).toContain(`<strong>${cutTeam}</strong>`);
    // The 60th character onwards of the sign-up's text is in no part of the mail.
    const rest = name.slice(59, 90);
    for (const part of [mail!.subject, mail!.text, mail!.html]) expect(part).not.toContain(rest);
  });

  test('a short name is quoted whole, its runs of spaces as one', async () => {
    const admin = await signIn(svc, 'short-name@example.com', 'Ada    Lovelace');
    expect((await invite(admin, 'short-invitee@example.com')).status).toBe(201);
    const [mail] = await mailsTo('short-invitee@example.com');
    expect(mail!.text).toContain(
      `Ada Lovelace (short-name@example.com) added you to the team "Ada Lovelace's team"`,
    );
  });
});

describe('invitation caps', () => {
  test('20 a day per inviting member, then 429 naming that cap; the other admins invite until the team’s 50', async () => {
    const first = await signIn(svc, 'cap-first@example.com', 'First');
    expect((await invite(first, 'cap-second@example.com', 'admin')).status).toBe(201);
    expect((await invite(first, 'cap-third@example.com', 'admin')).status).toBe(201);
    const second = await signIn(svc, 'cap-second@example.com');
    const third = await signIn(svc, 'cap-third@example.com');
    expect(second.team.id).toBe(first.team.id);
    expect(third.team.id).toBe(first.team.id);

    // A refused invitation (409) counts against neither cap.
    expect((await invite(first, 'cap-second@example.com')).status).toBe(409);
    for (let i = 2; i < 20; i++)
      expect((await invite(first, `cap-a-${i}@example.com`)).status).toBe(201);
    const refused = await invite(first, 'cap-a-20@example.com');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(86_400);
    expect((await refused.json()).error).toMatch(
      /^You have sent your 20 invitations for today, the most one member may; invite again after 00:00 UTC \(in \d+ seconds\)$/,
    );
    expect(await mailsTo('cap-a-20@example.com')).toEqual([]);

    // The other admins of the team still invite, until the team has sent its 50.
    for (let i = 0; i < 20; i++)
      expect((await invite(second, `cap-b-${i}@example.com`)).status).toBe(201);
    for (let i = 0; i < 10; i++)
      expect((await invite(third, `cap-c-${i}@example.com`)).status).toBe(201);
    const teamFull = await invite(third, 'cap-c-10@example.com');
    expect(teamFull.status).toBe(429);
    expect((await teamFull.json()).error).toMatch(
      /^This team has sent its 50 invitations for today; invite again after 00:00 UTC \(in \d+ seconds\)$/,
    );
    expect(await mailsTo('cap-c-10@example.com')).toEqual([]);

    // Another team invites as usual; the next UTC day, so does this one.
    const other = await signIn(svc, 'cap-other@example.com');
    expect((await invite(other, 'cap-c-10@example.com')).status).toBe(201);
    await svc.ctx.db.query(
      `UPDATE rate_counters SET window_ends_at = now() - interval '1 second' WHERE scope LIKE 'invitations:%'`,
    );
    expect((await invite(first, 'cap-a-20@example.com')).status).toBe(201);
  });
});
