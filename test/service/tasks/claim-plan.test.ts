import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam } from '../../support/task-team.js';
import { claimTask } from '../../../src/service/tasks/claim.js';
import { readClaimSettings } from '../../../src/service/tasks/claim-settings.js';

// How the claim's plan reads the queue (src/service/tasks/claim.ts, CLAIMABLE). A claim runs on one
// plan made for any values (db/database.ts). On a team whose tasks are all of one kind, statistics
// said a kind left out is every task, so that plan expected no task to pass and read every pending
// task for each claim, instead of taking the first one in the index's order. On PGlite and on PostgreSQL.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
const literal = (v: unknown) =>
  v === null || v === undefined ? 'NULL' : `'${String(v).replaceAll("'", "''")}'`;

test('a team with tasks of one kind: each claim reads the first pending task, not all of them', async () => {
  const team = await createAgentTeam(svc, 'One kind', [
    { email: 'ada@one-kind.test', role: 'admin' },
  ]);
  const ada = team.member('ada@one-kind.test');
  // A history of one kind, and a queue of 3,000 of the same kind, analyzed as they are.
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status, finished_at)
     SELECT gen_random_uuid(), $1, 'agent_profile_fetch', '{}'::jsonb, 'completed', now() - interval '10 days' FROM generate_series(1, 2000)`,
    [team.id],
  );
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status, created_at)
     SELECT gen_random_uuid(), $1, 'agent_profile_fetch', jsonb_build_object('n', g), 'pending', now() - make_interval(secs => 4000 - g)
       FROM generate_series(1, 3000) AS g`,
    [team.id],
  );
  await svc.ctx.db.query('VACUUM ANALYZE tasks');

  const plan = await svc.ctx.db.transaction(
    async (tx) => {
      // The claim as the service makes it, then its own prepared statement explained on the same connection.
      const first = await claimTask(tx, { teamId: team.id, userId: ada.userId, excludeTypes: [] });
      expect(first?.input).toEqual({ n: 1 });
      const [prepared] = await tx.query<{ name: string }>(
        `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%candidate AS%' AND statement LIKE '%held AS%'`,
      );
      const settings = (await readClaimSettings(tx, team.id, ada.userId, false))!;
      const args = [
        team.id,
        ada.userId,
        '{}',
        JSON.stringify(settings.storedBudgets),
        settings.workingHours && JSON.stringify(settings.workingHours),
        JSON.stringify(settings.limits),
      ];
      const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${prepared!.name}(${args.map(literal).join(', ')})`,
      );
      return row!['QUERY PLAN'][0].Plan;
    },
    { genericPlans: true },
  );
  const reads = nodes(plan).filter((n) => n['Relation Name'] === 'tasks');
  expect(reads.length).toBeGreaterThan(0);
  // The explained claim took the second task: no scan of the tasks read more than it (the plan made
  // for a kind that seemed to leave nothing read all 2,999 left, the queue's length at every claim).
  for (const read of reads) expect(read['Actual Rows'], read['Node Type']).toBeLessThanOrEqual(1);
});
