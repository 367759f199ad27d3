import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask } from '../../support/collection-fixtures.js';
import { readCsv, type CsvEntry } from '../../../src/service/csv/read-csv.js';
import { profileOutput } from '../../support/profile-output.js';

/**
 * The do-not-contact list, a person's team history and the CSV exports through the public API
 * (docs/team-pool.md), on a real database; the large export over a real socket.
 */
let svc: TestService;
let acme: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  acme = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@lists.test', role: 'admin', joinedHoursAgo: 100 },
    { email: 'bob@lists.test' },
  ]);
  ada = acme.member('ada@lists.test');
  bob = acme.member('bob@lists.test');
});
afterAll(() => svc.close());

const api = (method: string, path: string, body?: unknown, headers = acme.keyHeaders) =>
  svc.call(method, path, { headers, body });

async function rowsOf(res: Response): Promise<CsvEntry[]> {
  const out: CsvEntry[] = [];
  for await (const r of readCsv(res.body!)) out.push(r);
  return out;
}
const fields = (rows: CsvEntry[]) =>
  rows.map((r) => {
    if (!('fields' in r)) throw new Error(`line ${r.line}: ${r.reason}`);
    return r.fields;
  });

describe('the do-not-contact list', () => {
  it('adds people and companies, says what it skipped and why, lists and removes them', async () => {
    const res = await api('POST', '/api-do-not-contact', {
      profiles: [
        'https://www.linkedin.com/in/ada-byron/',
        'urn:li:fsd_profile:ACoAAHedyLam1',
        'no such thing!',
      ],
      companies: ['https://www.linkedin.com/company/initech/'],
      reason: 'Asked us not to',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      added: 3,
      skipped: [{ value: 'no such thing!', reason: 'not a profile URL, slug or URN' }],
    });
    const again = await api('POST', '/api-do-not-contact', { profiles: ['ada-byron'] });
    expect(await again.json()).toEqual({
      added: 0,
      skipped: [{ value: 'ada-byron', reason: 'already on the list' }],
    });
    // Added with a member's token: they are who added it.
    await api('POST', '/api-do-not-contact', { profiles: ['grace-h'] }, ada.agentHeaders);

    const list = (await (await api('GET', '/api-do-not-contact?limit=2')).json()) as {
      data: { value: string; kind: string; reason: string | null; added_by: string | null }[];
      next: string | null;
    };
    expect(list.data).toHaveLength(2);
    expect(list.next).toBeTruthy();
    const rest = (await (
      await api('GET', `/api-do-not-contact?limit=10&after=${list.next}`)
    ).json()) as typeof list;
    const all = [...list.data, ...rest.data];
    expect(all.map((e) => e.value).sort()).toEqual([
      'grace-h',
      'https://www.linkedin.com/company/initech/',
      'https://www.linkedin.com/in/ada-byron/',
      'urn:li:fsd_profile:ACoAAHedyLam1',
    ]);
    expect(all.find((e) => e.value === 'grace-h')?.added_by).toBe('ada@lists.test');
    expect(all.find((e) => e.value.includes('initech'))).toMatchObject({
      kind: 'company',
      reason: 'Asked us not to',
      added_by: null,
    });
    const found = (await (await api('GET', '/api-do-not-contact?q=initech')).json()) as typeof list;
    expect(found.data.map((e) => e.value)).toEqual(['https://www.linkedin.com/company/initech/']);

    // Removed by another form of the same identifier.
    const del = await api('DELETE', '/api-do-not-contact?value=ada-byron');
    expect(await del.json()).toEqual({ removed: 1 });
    expect((await api('DELETE', '/api-do-not-contact?value=ada-byron')).status).toBe(404);
    expect((await api('DELETE', '/api-do-not-contact?value=grace-h')).status).toBe(200);
    expect((await api('DELETE', '/api-do-not-contact?value=initech')).status).toBe(200);
    expect(
      (await api('DELETE', '/api-do-not-contact?value=urn:li:fsd_profile:ACoAAHedyLam1')).status,
    ).toBe(200);
  });

  it('exports and imports back every field: commas, quotes, newlines, non-Latin scripts', async () => {
    const tricky = [
      { profiles: ['li-wei'], reason: '客户, "VIP"\nsecond line' },
      { profiles: ['mueller-jo'], reason: 'Müller, Jo — „zitat“' },
      { companies: ['شركة الأمل'], reason: 'عميل حالي' },
      { profiles: ['formula-person'], reason: '=HYPERLINK("http://x")' },
    ];
    for (const body of tricky) {
      expect((await api('POST', '/api-do-not-contact', body)).status).toBe(200);
    }
    const exported = await api('GET', '/api-do-not-contact?format=csv');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await exported.text();
    // A formula is neutralised on the way out, and read back without the quote.
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const rows = fields(await rowsOf(new Response(csv)));
    expect(rows.map((r) => [r.kind, r.value, r.reason])).toEqual([
      ['person', 'li-wei', '客户, "VIP"\nsecond line'],
      ['person', 'mueller-jo', 'Müller, Jo — „zitat“'],
      ['company', 'شركة الأمل', 'عميل حالي'],
      ['person', 'formula-person', '=HYPERLINK("http://x")'],
    ]);

    // Imported into another team, the same entries come back out.
    const other = await createAgentTeam(svc, 'Other', [{ email: 'zed@lists.test', role: 'admin' }]);
    const imported = await svc.call('POST', '/api-do-not-contact', {
      headers: { ...other.keyHeaders, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ added: 4, skipped: [], errors: [] });
    const back = await svc.call('GET', '/api-do-not-contact?format=csv', {
      headers: other.keyHeaders,
    });
    const backRows = fields(await rowsOf(back));
    expect(backRows.map((r) => [r.kind, r.value, r.reason])).toEqual([
      ['person', 'li-wei', '客户, "VIP"\nsecond line'],
      ['person', 'mueller-jo', 'Müller, Jo — „zitat“'],
      ['company', 'شركة الأمل', 'عميل حالي'],
      ['person', 'formula-person', '=HYPERLINK("http://x")'],
    ]);
    // Read back without the neutralising quote: the stored reason is the one given.
    const json = (await (
      await svc.call('GET', '/api-do-not-contact?q=formula', { headers: other.keyHeaders })
    ).json()) as { data: { reason: string; added_at: string; added_by: string | null }[] };
    expect(json.data[0]?.reason).toBe('=HYPERLINK("http://x")');
    // Who added each and when, as the export said, come back as the file's word.
    const first = (await (await api('GET', '/api-do-not-contact?q=formula')).json()) as typeof json;
    expect(json.data[0]).toMatchObject({
      added_by: null,
      source_added_by: null,
      source_added_at: first.data[0]?.added_at,
    });
    expect(json.data[0]?.added_at).not.toBe(first.data[0]?.added_at);
  });

  it('an import is added by the importer, now; the file’s adder and date are only its word', async () => {
    const team = await createAgentTeam(svc, 'Audit', [
      { email: 'imp@lists.test', role: 'admin' },
      { email: 'boss@lists.test' },
    ]);
    const importer = team.member('imp@lists.test');
    const before = Date.now();
    const res = await svc.call('POST', '/api-do-not-contact', {
      headers: { ...importer.agentHeaders, 'content-type': 'text/csv' },
      body:
        'kind,value,reason,added_by,added_at\n' +
        'person,forged-one,x,boss@lists.test,2020-01-01T00:00:00.000Z\n' +
        'person,plain-one,y,,\n',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 2, skipped: [], errors: [] });
    const list = (await (
      await svc.call('GET', '/api-do-not-contact', { headers: team.keyHeaders })
    ).json()) as {
      data: {
        value: string;
        added_by: string | null;
        added_at: string;
        source_added_by: string | null;
        source_added_at: string | null;
      }[];
    };
    const forged = list.data.find((e) => e.value === 'forged-one');
    expect(forged).toMatchObject({
      added_by: 'imp@lists.test',
      source_added_by: 'boss@lists.test',
      source_added_at: '2020-01-01T00:00:00.000Z',
    });
    expect(Date.parse(forged?.added_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(list.data.find((e) => e.value === 'plain-one')).toMatchObject({
      added_by: 'imp@lists.test',
      source_added_by: null,
      source_added_at: null,
    });
    // Searching by adder finds the importer, not the name the file gave.
    const byBoss = (await (
      await svc.call('GET', '/api-do-not-contact?q=boss', { headers: team.keyHeaders })
    ).json()) as typeof list;
    expect(byBoss.data).toEqual([]);

    // The export names the file's word under its own columns: imported again with the API key
    // alone, the importer is the key (null), and the file's adder is the first importer.
    const exported = await svc.call('GET', '/api-do-not-contact?format=csv', {
      headers: team.keyHeaders,
    });
    const csv = await exported.text();
    const rows = fields(await rowsOf(new Response(csv)));
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'kind',
      'value',
      'reason',
      'added_by',
      'added_at',
      'source_added_by',
      'source_added_at',
    ]);
    expect(rows.find((r) => r.value === 'forged-one')).toMatchObject({
      added_by: 'imp@lists.test',
      source_added_by: 'boss@lists.test',
      source_added_at: '2020-01-01T00:00:00.000Z',
    });
    const again = await createAgentTeam(svc, 'Audit2', [
      { email: 'two@lists.test', role: 'admin' },
    ]);
    await svc.call('POST', '/api-do-not-contact', {
      headers: { ...again.keyHeaders, 'content-type': 'text/csv' },
      body: csv,
    });
    const reimported = (await (
      await svc.call('GET', '/api-do-not-contact?q=forged', { headers: again.keyHeaders })
    ).json()) as typeof list;
    expect(reimported.data).toEqual([
      expect.objectContaining({
        added_by: null,
        source_added_by: 'imp@lists.test',
        source_added_at: forged?.added_at,
      }),
    ]);
  });

  it('answers one error per bad row, at its line, and reads the rows after an unclosed quote', async () => {
    const team = await createAgentTeam(svc, 'Rows', [{ email: 'rows@lists.test', role: 'admin' }]);
    const res = await svc.call('POST', '/api-do-not-contact', {
      headers: { ...team.keyHeaders, 'content-type': 'text/csv' },
      body:
        'profile,company,reason\n' +
        'good-one,,a\n' +
        `not a slug!,${'x'.repeat(2001)},b\n` +
        '"unclosed-one,,c\n' +
        'good-two,,d\n' +
        'good-three,,e\n',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      added: 3,
      skipped: [],
      errors: [
        {
          line: 3,
          reason:
            'not a profile URL, slug or URN: not a slug!; ' +
            `longer than 2000 characters: ${'x'.repeat(2001)}`,
        },
        { line: 4, reason: 'a quoted field is not closed' },
      ],
    });
  });

  it('imports thousands from a CSV, reporting bad rows by line while the good ones go in', async () => {
    const team = await createAgentTeam(svc, 'Bulk', [{ email: 'bulk@lists.test', role: 'admin' }]);
    const lines = ['profile,company,reason'];
    for (let i = 0; i < 3000; i++) lines.push(`person-${i},,bulk`);
    lines.push('"broken,quote,x'); // line 3002: never closed, swallows the rest? no: last line
    const body = `${lines.slice(0, 1001).join('\n')}\nnot a slug!,,x\n,,\nextra,,a,b\n${lines
      .slice(1001, 3001)
      .join('\n')}\n`;
    const res = await svc.call('POST', '/api-do-not-contact', {
      headers: { ...team.keyHeaders, 'content-type': 'text/csv' },
      body,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      added: number;
      errors: { line: number; reason: string }[];
    };
    expect(answer.added).toBe(3000);
    expect(answer.errors).toEqual([
      { line: 1002, reason: 'not a profile URL, slug or URN: not a slug!' },
      { line: 1003, reason: 'no profile or company' },
      { line: 1004, reason: '4 fields where the header has 3' },
    ]);
    const noHeader = await svc.call('POST', '/api-do-not-contact', {
      headers: { ...team.keyHeaders, 'content-type': 'text/csv' },
      body: 'name,email\nx,y\n',
    });
    expect(noHeader.status).toBe(400);
    expect(((await noHeader.json()) as { error: string }).error).toMatch(/"value" column/);
  });

  it('refuses a bad body with a 400', async () => {
    expect((await api('POST', '/api-do-not-contact', {})).status).toBe(400);
    expect((await api('POST', '/api-do-not-contact', { profiles: 'x' })).status).toBe(400);
    expect((await api('GET', '/api-do-not-contact?format=xml')).status).toBe(400);
    expect((await api('GET', '/api-do-not-contact?after=nonsense')).status).toBe(400);
  });
});

describe('a person’s team history', () => {
  it('lists invitations, messages, connections and replies by member, as JSON and CSV', async () => {
    const EVE = 'urn:li:fsd_profile:ACoAAEveHist001';
    // The history by slug, once a profile read told the slug.
    await api('POST', '/network-agent/fetch-profile', { profile_slug: 'eve-hist' });
    const read = await claimTask(svc, bob);
    await completeTask(
      svc,
      bob,
      read!,
      profileOutput({
        profile_urn: EVE,
        public_identifier: 'eve-hist',
        name: 'Eve',
        network_degree: 'first',
      }),
    );
    const invite = await api('POST', '/network-agent/send-connection-request', {
      profile_urn: EVE,
    });
    expect(invite.status).toBe(200);
    // Bob is connected to her and she replied to him.
    await svc.ctx.db.query(
      `INSERT INTO member_connections (team_id, user_id, profile_urn, connected_at) VALUES ($1, $2, $3, now() - interval '2 days')`,
      [acme.id, bob.userId, EVE],
    );
    await svc.ctx.db.query(
      `INSERT INTO inbox_messages (id, team_id, user_id, conversation_urn, sender_urn, from_me, text, delivered_at)
       VALUES ($1, $2, $3, 'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAABobSelf01,2-x)', $4, false, 'Hi', now() - interval '1 day')`,
      [crypto.randomUUID(), acme.id, bob.userId, EVE],
    );
    const msg = await api('POST', '/network-agent/send-message', {
      member_email: bob.email,
      profile_urn: EVE,
      message_text: 'Hello',
    });
    // Ada invited her a moment ago: bob's first message needs force.
    expect(msg.status).toBe(409);
    // Only a signed-in member may force: bob's own token rides along.
    const forced = await api(
      'POST',
      '/network-agent/send-message',
      { member_email: bob.email, profile_urn: EVE, message_text: 'Hello', force: true },
      bob.agentHeaders,
    );
    expect(forced.status).toBe(200);
    const res = await api(
      'GET',
      '/api-contact-history?profile=https://www.linkedin.com/in/eve-hist/',
    );
    expect(res.status).toBe(200);
    const history = (await res.json()) as {
      profile_urn: string;
      events: { kind: string; member_email: string }[];
    };
    expect(history.profile_urn).toBe(EVE);
    expect(history.events.map((e) => [e.kind, e.member_email])).toEqual([
      ['connected', bob.email],
      ['replied', bob.email],
      ['invited', ada.email],
      ['messaged', bob.email],
    ]);
    const csv = await api('GET', `/api-contact-history?profile=${EVE}&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(fields(await rowsOf(csv)).map((r) => [r.kind, r.member_email, r.profile_urn])).toEqual([
      ['connected', bob.email, EVE],
      ['replied', bob.email, EVE],
      ['invited', ada.email, EVE],
      ['messaged', bob.email, EVE],
    ]);
    expect((await api('GET', '/api-contact-history?profile=not%20a%20profile!')).status).toBe(400);
  });
});

describe('CSV exports of the listings', () => {
  it('exports sent invitations with their filters', async () => {
    for (const [state, urn] of [
      ['pending', 'urn:li:fsd_profile:ACoAAInvPend01'],
      ['accepted', 'urn:li:fsd_profile:ACoAAInvAcc001'],
    ] as const) {
      await svc.ctx.db.query(
        `INSERT INTO sent_invitations (id, team_id, user_id, profile_urn, name, note, state)
         VALUES ($1, $2, $3, $4, 'Zoë, "Z"', 'line one\nline two', $5)`,
        [crypto.randomUUID(), acme.id, ada.userId, urn, state],
      );
    }
    const res = await api('GET', '/api-invitations?format=csv&status=accepted');
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = fields(await rowsOf(res));
    expect(rows.map((r) => [r.profile_urn, r.state, r.name, r.note, r.member_email])).toEqual([
      [
        'urn:li:fsd_profile:ACoAAInvAcc001',
        'accepted',
        'Zoë, "Z"',
        'line one\nline two',
        ada.email,
      ],
    ]);
  });

  it('leaves a count the network never gave empty in the posts CSV, and says which rows are whole', async () => {
    const team = await createAgentTeam(svc, 'Counts', [{ email: 'c@lists.test', role: 'admin' }]);
    await svc.ctx.db.query(
      `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, posted_at,
                          likes_count, comments_count, shares_count, likes_known, comments_known, shares_known)
       VALUES (gen_random_uuid(), $1, 'urn:li:activity:7100000000000000001', 'https://x/1', 'whole', 'A',
               'https://www.linkedin.com/in/a', '2026-01-02', 5, 0, 2, true, true, true),
              (gen_random_uuid(), $1, 'urn:li:activity:7100000000000000002', 'https://x/2', 'partly', 'B',
               'https://www.linkedin.com/in/b', '2026-01-01', 3, 0, 0, true, false, false)`,
      [team.id],
    );
    const res = await svc.call('GET', '/api-posts?format=csv', { headers: team.keyHeaders });
    expect(res.status).toBe(200);
    const rows = fields(await rowsOf(res));
    expect(
      rows.map((r) => [r.content, r.likes_count, r.comments_count, r.shares_count, r.counts_known]),
    ).toEqual([
      ['whole', '5', '0', '2', 'true'],
      ['partly', '3', '', '', 'false'],
    ]);
  });

  it('streams 20,000 posts in the listing’s order: the first bytes come before the whole body', async () => {
    const team = await createAgentTeam(svc, 'Posts', [{ email: 'p@lists.test', role: 'admin' }]);
    await svc.ctx.db.query(
      `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, posted_at, likes_count)
       SELECT gen_random_uuid(), $1, 'urn:li:activity:' || (7000000000000000000 + i), 'https://x/' || i,
              CASE WHEN i % 2 = 0 THEN '=cmd|calc' ELSE 'post, "' || i || '"' END, 'Author ' || i, 'https://www.linkedin.com/in/a' || i,
              timestamp '2026-01-01' + make_interval(mins => i % 5000), i % 7
         FROM generate_series(1, 20000) AS i`,
      [team.id],
    );
    const server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const started = performance.now();
      const res = await fetch(
        `http://127.0.0.1:${port}/api-posts?format=csv&sort_by=popular_first`,
        {
          headers: team.keyHeaders,
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      const reader = res.body!.getReader();
      const first = await reader.read();
      const firstAt = performance.now() - started;
      const firstBytes = first.value!.byteLength;
      const chunks = [first.value!];
      for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
      const totalAt = performance.now() - started;
      const body = Buffer.concat(chunks);
      expect(firstBytes).toBeLessThan(body.byteLength / 4);
      expect(firstAt).toBeLessThan(totalAt);
      const rows = fields(await rowsOf(new Response(body)));
      expect(rows).toHaveLength(20_000);
      expect(new Set(rows.map((r) => r.id)).size).toBe(20_000);
      // popular_first: engagement (likes here) descending, then newest first.
      const likes = rows.map((r) => Number(r.likes_count));
      expect(likes).toEqual([...likes].sort((a, b) => b - a));
      expect(body.toString().split(",'=cmd|calc,").length - 1).toBe(10_000);
      expect(rows.filter((r) => r.content === '=cmd|calc')).toHaveLength(10_000);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
