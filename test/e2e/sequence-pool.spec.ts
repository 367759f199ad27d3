import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeNetwork, type FakeNetwork, type FakeVoice } from '../fake-network/server.js';
import { strangerSlug } from '../fake-network/member-identity.js';
import {
  launchAgentBrowser,
  openPopup,
  receivePace,
  serviceCall,
  signInThroughPopup,
  startE2eService,
} from './support/harness.js';

/**
 * A pooled sequence run by two members' browsers (issue 29, "What it must show"): Grace and Hedy,
 * one team, each in her own Chromium with the real extension, signed in to her own network account.
 * Each account is a fake network of its own (the same people, another signed-in member, its own
 * session cookie), so every invitation the network records was sent from one member's session. The
 * sequence's senders are `"all"`: each person gets one of the two, and each invitation must come
 * from the account of the member the service assigned to that person, both members sending some.
 */

const GRACE = 'grace@example.com';
const HEDY = 'hedy@example.com';
const VOICE: FakeVoice = 'sdui_2026';
const STRANGERS = 4;
/** Alan, Katherine and the strangers: second- and third-degree people either member may invite. */
const PEOPLE = [
  'alan-turing',
  'katherine-johnson',
  ...Array.from({ length: STRANGERS }, (_, i) => strangerSlug(i + 1)),
];

let dataDir: string;
let service: Awaited<ReturnType<typeof startE2eService>>;
const fakes: FakeNetwork[] = [];
const contexts: Awaited<ReturnType<typeof launchAgentBrowser>>[] = [];

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'na-e2e-sequence-pool-'));
  service = await startE2eService(dataDir, { SEQUENCE_HOUR_S: '1' });
});
test.afterAll(async () => {
  for (const b of contexts) await b.context.close();
  await service?.stop();
  for (const f of fakes) await f.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One member's browser with the extension, on her own fake network account. */
async function memberBrowser(name: string, fake: FakeNetwork) {
  fakes.push(fake);
  const browser = await launchAgentBrowser(join(dataDir, `chrome-${name}`), fake.port);
  contexts.push(browser);
  return { ...browser, fake, popup: await openPopup(browser.context, browser.extensionId) };
}

test('two members share a pooled sequence: each invitation goes out from the account of the member assigned to that person', async () => {
  test.setTimeout(170_000);
  const grace = await memberBrowser(
    'grace',
    await startFakeNetwork({ voice: VOICE, strangers: STRANGERS }),
  );
  const hedy = await memberBrowser(
    'hedy',
    await startFakeNetwork({
      voice: VOICE,
      strangers: STRANGERS,
      member: {
        id: 'ACoAAHedyLamarr0000099',
        memberId: 1099,
        slug: 'hedy-lamarr',
        firstName: 'Hedy',
        lastName: 'Lamarr',
        headline: 'Inventor of frequency hopping',
      },
    }),
  );

  // Grace signs up (the team's admin, pace set to none); she invites Hedy, who signs in and agrees.
  const creds = await signInThroughPopup(
    grace.popup,
    grace.context,
    service.outboxDir,
    GRACE,
    'Grace Hopper',
  );
  const call = (method: string, path: string, body?: unknown) =>
    serviceCall(
      method,
      path,
      { 'x-api-key': creds.api_key, authorization: `Bearer ${creds.agent_token}` },
      body,
    );
  expect((await call('POST', '/api-team-members', { email: HEDY, role: 'member' })).status).toBe(
    201,
  );
  await signInThroughPopup(hedy.popup, hedy.context, service.outboxDir, HEDY, 'Hedy Lamarr', {
    pace: 'default',
  });
  await receivePace(hedy.popup, hedy.context);

  // Each extension told the service who it is signed in as on the network: two accounts.
  await expect
    .poll(
      async () =>
        Object.fromEntries(
          ((await call('GET', '/api-team')).body.members as any[]).map((m) => [
            m.email,
            [m.network_public_identifier, m.agent_active, m.consent_current],
          ]),
        ),
      { timeout: 20_000 },
    )
    .toEqual({ [GRACE]: ['grace-hopper', true, true], [HEDY]: ['hedy-lamarr', true, true] });

  const created = await call('POST', '/api-sequences', {
    name: 'Pooled pioneers',
    senders: 'all',
    steps: [{ type: 'connection_request', note: 'Hi {first_name}, may I connect?' }],
  });
  expect(created.status).toBe(201);
  expect(created.body.senders).toBe('all');
  const id = created.body.id as string;
  expect(await call('POST', `/api-sequences/${id}/enrollments`, { profiles: PEOPLE })).toEqual({
    status: 200,
    body: { enrolled: PEOPLE.length, skipped: [] },
  });

  // Every person invited once, by one account or the other.
  const sent = () => grace.fake.state.invitations.length + hedy.fake.state.invitations.length;
  await expect.poll(sent, { timeout: 90_000 }).toBe(PEOPLE.length);

  const people = (await call('GET', `/api-sequences/${id}/enrollments`)).body.enrollments as any[];
  expect(people).toHaveLength(PEOPLE.length);
  const urnOf = (slug: string) =>
    `urn:li:fsd_profile:${grace.fake.dataset.profiles.find((p) => p.slug === slug)!.id}`;
  expect(people.map((e) => e.profile.profile_urn).sort()).toEqual(PEOPLE.map(urnOf).sort());
  const assignedTo = (email: string) =>
    people
      .filter((e) => e.sender_email === email)
      .map((e) => e.profile.profile_urn)
      .sort();
  for (const e of people) {
    expect([GRACE, HEDY]).toContain(e.sender_email);
    expect(e.sender_reason).toMatch(/^the most connection requests left: /);
  }
  // The split: the pool gives each new person to whoever has more left, so both send, evenly.
  expect(assignedTo(GRACE)).toHaveLength(PEOPLE.length / 2);
  expect(assignedTo(HEDY)).toHaveLength(PEOPLE.length / 2);

  // What each account's network received is exactly what the service gave its member.
  const receivedBy = (fake: FakeNetwork) => fake.state.invitations.map((i) => i.profileUrn).sort();
  expect(receivedBy(grace.fake)).toEqual(assignedTo(GRACE));
  expect(receivedBy(hedy.fake)).toEqual(assignedTo(HEDY));
  // The note, filled in per person in the sender's browser.
  for (const f of [grace.fake, hedy.fake])
    for (const inv of f.state.invitations) {
      const p = f.dataset.profiles.find((x) => `urn:li:fsd_profile:${x.id}` === inv.profileUrn)!;
      expect(inv.message).toBe(`Hi ${p.firstName}, may I connect?`);
    }

  // And the service's own record agrees: each invitation under its sender, the funnel split by sender.
  const invitations = (await call('GET', '/api-invitations')).body.data as any[];
  for (const [email, fake] of [
    [GRACE, grace.fake],
    [HEDY, hedy.fake],
  ] as const) {
    expect(
      invitations
        .filter((i) => i.member.email === email)
        .map((i) => i.profile.profile_urn)
        .sort(),
    ).toEqual(receivedBy(fake));
  }
  // The funnel counts a person invited when the sequence's engine moves them past the step, a
  // moment after the network's answer reached the service.
  const funnelBySender = async () =>
    Object.fromEntries(
      ((await call('GET', `/api-sequences/${id}`)).body.funnel_by_sender as any[]).map((s) => [
        s.sender.email,
        [s.funnel.enrolled, s.funnel.invited],
      ]),
    );
  await expect.poll(funnelBySender, { timeout: 30_000 }).toEqual({
    [GRACE]: [PEOPLE.length / 2, PEOPLE.length / 2],
    [HEDY]: [PEOPLE.length / 2, PEOPLE.length / 2],
  });
});
