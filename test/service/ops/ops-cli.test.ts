import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';
import { runOps } from '../../../src/service/ops/run-ops.js';
import { NETWORK_MAP_FORMAT } from '../../../src/contract/network-map.js';
import { findTeamByApiKey } from '../../../src/service/teams/api-keys.js';
import { createAgentTeam } from '../../support/task-team.js';
import { heartbeatBody, networkMap } from '../../support/network-map-fixtures.js';

let svc: TestService;
let dir: string;
beforeAll(async () => {
  svc = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'na-ops-'));
});
afterAll(async () => {
  await svc.close();
  await rm(dir, { recursive: true, force: true });
});

/** The CLI in process, on the test service's database. */
async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, {
    context: svc.ctx,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}

describe('ops rotate-key', () => {
  it('prints a new key for a member e-mail; the old key stops working at once and sign-in reveals the new one', async () => {
    const ada = await signIn(svc, 'rot-ada@example.com');
    expect((await svc.call('GET', '/api-team', { headers: ada.memberHeaders })).status).toBe(200);

    const r = await ops('rotate-key', 'ROT-ADA@example.com');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    const key = r.out[0]!;
    expect(key).toMatch(/^nak_[A-Za-z0-9_-]{40,}$/);
    expect(key).not.toBe(ada.apiKey);
    expect(r.err.join('\n')).toContain(ada.team.id);

    const old = await svc.call('GET', '/api-tasks', { headers: ada.keyHeaders });
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ error: 'Invalid API Key' });
    // Ada's own clients send the old key with her live token: they carry on (docs/api.md).
    expect((await svc.call('GET', '/api-team', { headers: ada.memberHeaders })).status).toBe(200);
    const fresh = await svc.call('GET', '/api-team', {
      headers: { 'x-api-key': key, authorization: `Bearer ${ada.agentToken}` },
    });
    expect(fresh.status).toBe(200);
    expect((await signIn(svc, 'rot-ada@example.com')).apiKey).toBe(key);
  });

  it('accepts a team id, and leaves other teams alone', async () => {
    const a = await signIn(svc, 'rot-a@example.com');
    const b = await signIn(svc, 'rot-b@example.com');
    const r = await ops('rotate-key', a.team.id);
    expect(r.code).toBe(0);
    expect((await findTeamByApiKey(svc.ctx.db, r.out[0]!))?.id).toBe(a.team.id);
    expect(await findTeamByApiKey(svc.ctx.db, a.apiKey)).toBeNull();
    expect((await findTeamByApiKey(svc.ctx.db, b.apiKey))?.id).toBe(b.team.id);
  });

  it('an unknown team or member fails with exit code 1; bad arguments with exit code 2', async () => {
    let r = await ops('rotate-key', crypto.randomUUID());
    expect([r.code, r.out]).toEqual([1, []]);
    expect(r.err).toEqual([expect.stringMatching(/^No team with id /)]);
    r = await ops('rotate-key', 'nobody@example.com');
    expect([r.code, r.err]).toEqual([1, ['No team has a member with e-mail nobody@example.com']]);
    for (const argv of [['rotate-key'], ['rotate-key', 'a', 'b'], ['rotate-key', 'not an id']]) {
      r = await ops(...argv);
      expect(r.code).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.out).toEqual([]);
    }
  });
});

describe('ops list-teams', () => {
  it('lists every team with its members, admins, invitations and activity', async () => {
    const t = await signIn(svc, 'list-admin@example.com', 'Lister');
    await svc.call('POST', '/api-team-members', {
      headers: t.memberHeaders,
      body: { email: 'list-invited@example.com' },
    });
    await svc.ctx.db.query(`UPDATE memberships SET last_active_at = now() WHERE user_id = $1`, [
      t.user.id,
    ]);
    const r = await ops('list-teams');
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^ID\s+PLAN\s+MEMBERS\s+ADMINS\s+INVITED\s+AGENT/);
    const line = r.out.find((l) => l.startsWith(t.team.id));
    expect(line).toBeDefined();
    expect(line!.split(/\s{2,}/).slice(0, 6)).toEqual([t.team.id, 'free', '1', '1', '1', 'active']);
    expect(line!.endsWith("Lister's team")).toBe(true);
    const [{ n }] = (await svc.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM teams',
    )) as [{ n: number }];
    expect(r.out).toHaveLength(n + 1);
    expect((await ops('list-teams', 'extra')).code).toBe(2);
  });
});

describe('ops set-network-map', () => {
  it('publishes a valid map, refuses a version not greater than the current, and refuses invalid files', async () => {
    const file = join(dir, 'map.json');
    await writeFile(file, JSON.stringify(networkMap(3)));
    let r = await ops('set-network-map', file);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/version 3 is now current/);

    for (const v of [3, 2]) {
      await writeFile(file, JSON.stringify(networkMap(v)));
      r = await ops('set-network-map', file);
      expect(r.code).toBe(1);
      expect(r.err).toEqual([`Refused: version ${v} is not greater than the current version 3`]);
    }

    await writeFile(
      file,
      JSON.stringify({
        ...networkMap(9),
        calls: { me: [{ id: 'me', method: 'GET', path: 'me' }] },
      }),
    );
    r = await ops('set-network-map', file);
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(/is not a valid network map: calls\./);
    await writeFile(file, JSON.stringify({ version: 9, entries: { me: { path: 'me' } } }));
    r = await ops('set-network-map', file);
    expect(r.err[0]).toMatch(/is not a valid network map: format/);
    await writeFile(file, '{"version": 9,');
    r = await ops('set-network-map', file);
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(/is not valid JSON/);
    r = await ops('set-network-map', join(dir, 'missing.json'));
    expect(r.code).toBe(1);
    expect(r.err[0]).toMatch(/^Cannot read /);
    expect((await ops('set-network-map')).code).toBe(2);

    await writeFile(file, JSON.stringify(networkMap(4)));
    r = await ops('set-network-map', file);
    expect([r.code, r.out]).toEqual([0, ['Network map version 4 is now current (was 3)']]);
    const rows = await svc.ctx.db.query<{
      version: number;
      format: number;
      map: { calls: { company_posts: Array<{ path: string }> } };
    }>('SELECT version, format, map FROM network_maps ORDER BY version');
    expect(rows.map((x) => [x.version, x.format])).toEqual([
      [3, NETWORK_MAP_FORMAT],
      [4, NETWORK_MAP_FORMAT],
    ]);
    expect(rows[1]!.map.calls.company_posts[0]!.path).toBe('organization/updatesV4');
  });
});

describe('ops network-map rollback and status', () => {
  it('rolls back by publishing an older map as the next version; status lists versions and extensions', async () => {
    const team = await createAgentTeam(svc, 'Map status', [{ email: 'maps-ext@example.com' }]);
    const member = team.member('maps-ext@example.com');
    const current = async () => {
      const [row] = await svc.ctx.db.query<{ v: number | null }>(
        'SELECT max(version) AS v FROM network_maps',
      );
      return row?.v ?? 0;
    };
    const base = (await current()) + 10;
    const file = join(dir, 'rollback.json');
    for (const v of [base, base + 1]) {
      await writeFile(file, JSON.stringify(networkMap(v)));
      expect((await ops('set-network-map', file)).code).toBe(0);
    }

    // The extension runs the newest map; a rollback must reach it though its content is older.
    let r = await ops('network-map', 'rollback');
    expect([r.code, r.out]).toEqual([
      0,
      [
        `Network map version ${base + 2} is now current, carrying version ${base} (was ${base + 1})`,
      ],
    ]);
    const hb = await svc.call('POST', '/agent/heartbeat', {
      headers: member.agentHeaders,
      body: heartbeatBody(base + 1),
    });
    const answer = (await hb.json()) as {
      network_map?: { version: number; calls: { company_posts: Array<{ path: string }> } };
    };
    expect(answer.network_map?.version).toBe(base + 2);
    expect(answer.network_map?.calls.company_posts[0]?.path).toBe(`organization/updatesV${base}`);

    r = await ops('network-map', 'rollback', String(base + 1));
    expect(r.out).toEqual([
      `Network map version ${base + 3} is now current, carrying version ${base + 1} (was ${base + 2})`,
    ]);
    for (const [v, message] of [
      [
        base + 3,
        `Refused: version ${base + 3} is not earlier than the current version ${base + 3}`,
      ],
      [base - 1, `Refused: no network map version ${base - 1} was published`],
    ] as const) {
      r = await ops('network-map', 'rollback', String(v));
      expect([r.code, r.err]).toEqual([1, [message]]);
    }
    expect(await current()).toBe(base + 3);
    for (const argv of [['network-map'], ['network-map', 'rollback', 'x'], ['network-map', 'go']])
      expect((await ops(...argv)).code).toBe(2);

    // The extension told its version in the heartbeat above: status shows it against the maps.
    r = await ops('network-map', 'status');
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe(
      `Current network map: version ${base + 3} (format ${NETWORK_MAP_FORMAT}, a rollback to version ${base + 1})`,
    );
    const table = r.out.join('\n');
    for (const v of [base, base + 1, base + 2, base + 3])
      expect(table).toMatch(new RegExp(`^${v}\\s+${NETWORK_MAP_FORMAT}\\s`, 'm'));
    expect(table).toMatch(new RegExp(`^${base + 2}\\s.*rollback to ${base}$`, 'm'));
    const line = r.out.find((l) => l.includes('maps-ext@example.com'));
    expect(line).toMatch(new RegExp(`^${base + 1}\\s+maps-ext@example\\.com\\s+1\\.4\\.0\\s`));
    expect(line).toContain(`Map status (${team.id})`);
    expect(table).toMatch(new RegExp(`Extensions by map version: .*${base + 1}: 1`));
  });

  it('a map the CLI publishes is in the next heartbeat of every instance on the same database', async () => {
    // On PostgreSQL a second instance shares the schema; the embedded database has one instance.
    const other = svc.schema ? await startTestService({}, { sharedSchema: svc.schema }) : undefined;
    try {
      const team = await createAgentTeam(svc, 'Instances', [{ email: 'inst-ext@example.com' }]);
      const headers = team.member('inst-ext@example.com').agentHeaders;
      const [row] = await svc.ctx.db.query<{ v: number }>(
        'SELECT max(version) AS v FROM network_maps',
      );
      const next = (row?.v ?? 0) + 1;
      const file = join(dir, 'instances.json');
      await writeFile(file, JSON.stringify(networkMap(next)));
      expect((await ops('set-network-map', file)).code).toBe(0);
      for (const instance of [svc, other].filter((x) => x !== undefined)) {
        const hb = await instance.call('POST', '/agent/heartbeat', {
          headers,
          body: heartbeatBody(next - 1),
        });
        expect(
          ((await hb.json()) as { network_map?: { version: number } }).network_map?.version,
        ).toBe(next);
      }
    } finally {
      await other?.close();
    }
  });
});

describe('ops help and usage', () => {
  it('help lists every command; unknown or missing commands are one line and exit code 2', async () => {
    const h = await ops('help');
    expect(h.code).toBe(0);
    for (const name of ['rotate-key', 'list-teams', 'set-network-map', 'help'])
      expect(h.out.join('\n')).toContain(`  ${name}`);
    let r = await ops('frobnicate');
    expect([r.code, r.err]).toEqual([
      2,
      ["Unknown command 'frobnicate'. Run `npm run ops -- help` to see the commands."],
    ]);
    r = await ops();
    expect([r.code, r.err.length]).toEqual([2, 1]);
  });
});
