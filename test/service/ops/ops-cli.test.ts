import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';
import { runOps } from '../../../src/service/ops/run-ops.js';
import { NETWORK_MAP_FORMAT } from '../../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { loadConfig } from '../../../src/service/config.js';
import { closeServiceContext, createServiceContext } from '../../../src/service/boot.js';
import { createLogger } from '../../../src/service/logger.js';
import { createTeam, findTeamByApiKey } from '../../../src/service/teams/api-keys.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { runService, startServiceProcess } from '../../support/service-process.js';
import { readOperatorToken } from '../../../src/service/auth/operator-credential.js';
import type { ServiceContext } from '../../../src/service/context.js';
import { existsSync } from 'node:fs';

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

/** The real CLI as a child process, on its own embedded database in DATA_DIR. */
function cli(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // Its own embedded database in DATA_DIR, never the shared server.
  delete childEnv.DATABASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'node_modules/.bin/tsx',
      ['src/service/ops/cli.ts', ...args],
      { env: childEnv, timeout: 90_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The built-in map as a service would publish it: a newer version, the company-posts finder moved. */
function networkMap(version: number) {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.version = version;
  map.calls.company_posts[0]!.path = `organization/updatesV${version}`;
  return map;
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

/** A heartbeat as the extension sends it, saying which map version it runs. */
function heartbeatBody(mapVersion: number) {
  return {
    extension_version: '1.4.0',
    browser: 'Chrome 140',
    network: { signed_in: true },
    paused: false,
    network_map_version: mapVersion,
    network_map_format: NETWORK_MAP_FORMAT,
  };
}

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

describe('ops against a service that holds the embedded database', () => {
  it('publishes and rolls back through the running service, refuses to open its folder, and the next heartbeat carries the map', async () => {
    const dataDir = join(dir, 'live');
    const env = { DATA_DIR: dataDir, SECRET_KEY: 'ef'.repeat(32) };
    const log = createLogger({ silent: true });
    // The team is written before the service starts: the folder opens in one process at a time.
    const setup = await createServiceContext(loadConfig(env), { log });
    let team: AgentTeam;
    try {
      team = await createAgentTeam(
        { ctx: setup } as { ctx: ServiceContext } as TestService,
        'Live maps',
        [{ email: 'live-ext@example.com' }],
      );
    } finally {
      await closeServiceContext(setup);
    }
    const headers = team.member('live-ext@example.com').agentHeaders;
    const service = await startServiceProcess(env);
    const heartbeat = async (mapVersion: number) => {
      const res = await fetch(`${service.url}/agent/heartbeat`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(heartbeatBody(mapVersion)),
      });
      expect(res.status).toBe(200);
      return (
        (await res.json()) as {
          network_map?: { version: number; calls: { company_posts: Array<{ path: string }> } };
        }
      ).network_map;
    };
    const live = (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      return runOps(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) }).then(
        (code) => ({ code, out, err }),
      );
    };
    try {
      const lock = JSON.parse(await readFile(join(dataDir, 'pglite.lock'), 'utf8')) as {
        pid: number;
        url: string;
      };
      // The pid is the service's node process (tsx, which started it, has another).
      expect(lock).toMatchObject({ pid: expect.any(Number), url: service.url });
      expect(await heartbeat(BUILT_IN_NETWORK_MAP.version)).toBeUndefined();

      // The real CLI, as the operator runs it: through the service, never on the folder.
      const file = join(dir, 'live.json');
      await writeFile(file, JSON.stringify(networkMap(7)));
      const published = await cli(['set-network-map', file], env);
      expect(published.code, published.stderr).toBe(0);
      expect(published.stdout.trim()).toBe('Network map version 7 is now current');
      expect(published.stderr).toContain(`Published through the service at ${service.url}`);
      expect((await heartbeat(BUILT_IN_NETWORK_MAP.version))?.version).toBe(7);

      // Any command that would open the folder refuses, naming the service; nothing is printed as done.
      const refused = await live('rotate-key', team.id);
      expect([refused.code, refused.out]).toEqual([1, []]);
      expect(refused.err).toEqual([
        expect.stringContaining(
          `rotate-key cannot run now: the embedded database in ${join(dataDir, 'pglite')} is in use by the running service (pid ${lock.pid}, listening on ${service.url}`,
        ),
      ]);
      // So does a second service on the same DATA_DIR, at start-up.
      const second = runService({ ...env, PORT: '0' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by the running service (pid ${lock.pid}`);

      // The operator routes want the operator's token.
      const token = await readOperatorToken(undefined, dataDir);
      expect(token).toMatch(/^nao_/);
      const status = (t: string | undefined) =>
        fetch(
          `${service.url}/ops/network-map/status`,
          t === undefined ? {} : { headers: { authorization: `Bearer ${t}` } },
        );
      expect([
        (await status(undefined)).status,
        (await status('nao_wrong')).status,
        (await status(token!)).status,
      ]).toEqual([401, 401, 200]);

      await writeFile(file, JSON.stringify(networkMap(8)));
      expect((await live('set-network-map', file)).code).toBe(0);
      await writeFile(file, JSON.stringify(networkMap(8)));
      const stale = await live('set-network-map', file);
      expect([stale.code, stale.err]).toEqual([
        1,
        ['Refused: version 8 is not greater than the current version 8'],
      ]);
      const back = await live('network-map', 'rollback');
      expect([back.code, back.out]).toEqual([
        0,
        ['Network map version 9 is now current, carrying version 7 (was 8)'],
      ]);
      const map = await heartbeat(8);
      expect([map?.version, map?.calls.company_posts[0]?.path]).toEqual([
        9,
        'organization/updatesV7',
      ]);

      await heartbeat(9);
      const s = await live('network-map', 'status');
      expect(s.code).toBe(0);
      expect(s.out[0]).toBe(
        `Current network map: version 9 (format ${NETWORK_MAP_FORMAT}, a rollback to version 7)`,
      );
      expect(s.out.join('\n')).toMatch(/^9\s+live-ext@example\.com\s+1\.4\.0\s/m);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    // The service let go of its folder as it stopped: the CLI opens it again.
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    const after = await live('list-teams');
    expect(after.code, after.err.join('\n')).toBe(0);
  }, 300_000);
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

describe('the ops CLI as a child process', () => {
  it('rotates a key in the DATA_DIR the service uses, reading the same configuration', async () => {
    const dataDir = join(dir, 'data');
    const env = { DATA_DIR: dataDir, SECRET_KEY: 'cd'.repeat(32) };
    const config = loadConfig(env);
    const log = createLogger({ silent: true });
    let ctx = await createServiceContext(config, { log, databaseUrl: join(dataDir, 'pglite') });
    const team = await createTeam(ctx.db, ctx.secretKey, 'Child team');
    // The embedded database opens in one process at a time.
    await closeServiceContext(ctx);

    const r = await cli(['rotate-key', team.id], env);
    expect(r.code, r.stderr).toBe(0);
    const key = r.stdout.trim();
    expect(key).toMatch(/^nak_/);
    expect(key).not.toContain('\n');

    ctx = await createServiceContext(config, { log, databaseUrl: join(dataDir, 'pglite') });
    try {
      expect((await findTeamByApiKey(ctx.db, key))?.id).toBe(team.id);
      expect(await findTeamByApiKey(ctx.db, team.apiKey)).toBeNull();
    } finally {
      await closeServiceContext(ctx);
    }

    const bad = await cli(['rotate-key'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  }, 180_000);
});
