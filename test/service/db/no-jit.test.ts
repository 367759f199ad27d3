import { afterAll, beforeAll, expect, test } from 'vitest';
import { PREPARED } from '../../../src/service/db/database.js';
import { sequenceStats } from '../../../src/service/stats/sequence-stats.js';
import { insertEnrollments, insertSequence } from '../../support/stats-fixtures.js';
import { createAgentTeam } from '../../support/task-team.js';
import { startTestService, type TestService } from '../../support/test-service.js';

// The service's statements are never compiled by PostgreSQL's JIT: a year of a sequence's stats,
// whose generic plan is estimated past jit_above_cost (its series at a thousand buckets), spent
// 135 ms compiling and 6 ms running. PGlite has no JIT to turn off.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const jit = async (q: Pick<TestService['ctx']['db'], 'query'>, prepared = false) =>
  (
    await q.query<{ jit: string }>(
      'SELECT current_setting($1) AS jit',
      ['jit'],
      prepared ? PREPARED : undefined,
    )
  )[0]!.jit;

if (process.env.DATABASE_URL) {
  test('no session of the service JIT compiles, and a year of stats runs without it', async () => {
    expect(await jit(svc.ctx.db)).toBe('off');
    expect(await jit(svc.ctx.db, true)).toBe('off');
    expect(await svc.ctx.db.transaction((tx) => jit(tx))).toBe('off');

    const team = await createAgentTeam(svc, 'Unjitted', [{ email: 'ada@jit.test', role: 'admin' }]);
    const ada = team.member('ada@jit.test').userId;
    const seq = await insertSequence(svc, team.id, ada);
    await insertEnrollments(svc, team.id, seq, [
      { sender: ada, enrolled: '2025-03-02T10:00:00Z', invited: '2025-03-03T10:00:00Z' },
    ]);
    const range = { from: '2025-01-01', to: '2025-12-31', bucket: 'week' as const, tz: 'UTC' };
    let asked: [string, unknown[]] | undefined;
    await sequenceStats(
      {
        query: (sql, params, opts) => {
          asked = [sql, params ?? []];
          return svc.ctx.db.query(sql, params, opts);
        },
      },
      team.id,
      seq,
      range,
    );
    // Its plan with every cost past the thresholds, as a thousand buckets' estimate is: JIT
    // compiled only when a session turns it on again (where the server has it at all).
    const explain = (jitOn: boolean) =>
      svc.ctx.db.transaction(
        async (tx) => {
          await tx.query('SELECT set_config($1, $2, true)', ['jit_above_cost', '0']);
          if (jitOn) await tx.query('SELECT set_config($1, $2, true)', ['jit', 'on']);
          const [row] = await tx.query<{ 'QUERY PLAN': [{ JIT?: unknown }] }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${asked![0]}`,
            asked![1],
          );
          return row!['QUERY PLAN'][0].JIT;
        },
        { genericPlans: true },
      );
    expect(await explain(false)).toBeUndefined();
    const [server] = await svc.ctx.db.query<{ available: boolean }>(
      'SELECT pg_jit_available() AS available',
    );
    if (server!.available) expect(await explain(true)).toBeDefined();
  });
} else {
  test('PGlite has no JIT to turn off', async () => {
    const [row] = await svc.ctx.db.query<{ available: boolean }>(
      'SELECT pg_jit_available() AS available',
    );
    expect(row!.available).toBe(false);
  });
}
