import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOps } from '../../../src/service/ops/run-ops.js';
import { NETWORK_MAP_FORMAT } from '../../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { loadConfig } from '../../../src/service/config.js';
import { closeServiceContext, createServiceContext } from '../../../src/service/boot.js';
import { createLogger } from '../../../src/service/logger.js';
import { createTeam, findTeamByApiKey } from '../../../src/service/teams/api-keys.js';
import { readOperatorToken } from '../../../src/service/auth/operator-credential.js';
import type { ServiceContext } from '../../../src/service/context.js';
import type { TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { runService, startServiceProcess } from '../../support/service-process.js';
import { heartbeatBody, networkMap } from '../../support/network-map-fixtures.js';
import { seedPgliteFolder } from '../../support/pglite-image.js';

// Either database: the CLI and the service run as processes on their own PGlite in DATA_DIR.

/**
 * The operator's CLI as the operator runs it, beside or instead of a running service that holds
 * the embedded database of its DATA_DIR (ops-cli.test.ts runs its commands in process). Each
 * DATA_DIR starts migrated, as after a first start (test/support/pglite-image.ts).
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'na-ops-process-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

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

describe('ops against a service that holds the embedded database', () => {
  it('publishes and rolls back through the running service, refuses to open its folder, and the next heartbeat carries the map', async () => {
    const dataDir = join(dir, 'live');
    await seedPgliteFolder(join(dataDir, 'pglite'));
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

describe('the ops CLI as a child process', () => {
  it('rotates a key in the DATA_DIR the service uses, reading the same configuration', async () => {
    const dataDir = join(dir, 'data');
    await seedPgliteFolder(join(dataDir, 'pglite'));
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
