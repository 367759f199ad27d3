import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { ActivityMarks, MARK_BATCH } from '../../../src/service/auth/activity-marks.js';
import { countingStatements, statementsRun } from '../../../src/service/db/statement-count.js';
import { createTeam } from '../../../src/service/teams/api-keys.js';

/**
 * The members' activity marks: queued by calls, written together, MARK_BATCH a statement, so a
 * large team's flush never holds the database for all of its members at once.
 */
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

test('a flush writes every queued mark, in batches of MARK_BATCH, members and tokens alike', async () => {
  const { db } = svc.ctx;
  const team = await createTeam(db, svc.ctx.secretKey, 'Marks');
  const members = 2 * MARK_BATCH + 7;
  const rows = await db.query<{ user_id: string; token_hash: Buffer }>(
    `WITH u AS (
       INSERT INTO users (id, email, full_name)
       SELECT gen_random_uuid(), 'm' || g || '@marks.test', 'M ' || g FROM generate_series(1, $2::int) g
       RETURNING id),
     m AS (
       INSERT INTO memberships (team_id, email, user_id, role, joined_at, last_active_at)
       SELECT $1, 'm' || id || '@marks.test', id, 'member', now(), now() - interval '3 days' FROM u
       RETURNING user_id)
     INSERT INTO agent_tokens (token_hash, user_id, kind)
     SELECT decode(md5(user_id::text), 'hex'), user_id, 'extension' FROM m
     RETURNING user_id, token_hash`,
    [team.id, members],
  );
  const marks = new ActivityMarks();
  for (const r of rows)
    marks.queue({ teamId: team.id, userId: r.user_id, tokenHash: Buffer.from(r.token_hash) });
  const counted = countingStatements(db);
  await marks.flush(counted);
  expect(statementsRun(counted)).toBe(Math.ceil(members / MARK_BATCH));
  const [fresh] = await db.query<{ members: number; tokens: number }>(
    `SELECT (SELECT count(*)::int FROM memberships WHERE team_id = $1 AND last_active_at > now() - interval '1 minute') AS members,
            (SELECT count(*)::int FROM agent_tokens t JOIN memberships m ON m.user_id = t.user_id
              WHERE m.team_id = $1 AND t.last_used_at > now() - interval '1 minute') AS tokens`,
    [team.id],
  );
  expect(fresh).toEqual({ members, tokens: members });
  // Nothing is left queued: a second flush writes nothing.
  const again = countingStatements(db);
  await marks.flush(again);
  expect(statementsRun(again)).toBe(0);
});
