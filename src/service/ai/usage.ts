import type { AiUsageToday } from '../../contract/drafts.js';
import type { Queryable } from '../db/database.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';
import { planOf } from '../plans/plans.js';

/**
 * The team's model calls per UTC day (table ai_usage_days): what the plan's daily limits count, and
 * the tokens each day cost, shown in GET /api-team (`ai_usage_today`) and on /metrics.
 */

export type ModelPurpose = 'draft' | 'classification';

interface ModelCall {
  purpose: ModelPurpose;
  model: string;
  usage: { prompt_tokens: number; completion_tokens: number };
  ok: boolean;
  /** Why it failed (a ModelError's reason), for the metric's outcome; absent when ok. */
  failure?: string;
  ms: number;
}

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/** Counts one call to the model, answered or not, for its team's day and the instance's metrics. */
export async function recordModelCall(
  ctx: { db: Queryable; metrics: Pick<ServiceMetrics, 'modelCalls' | 'modelSeconds'> },
  teamId: string,
  call: ModelCall,
): Promise<void> {
  ctx.metrics.modelCalls.inc({
    purpose: call.purpose,
    outcome: call.ok ? 'ok' : (call.failure ?? 'failed'),
  });
  ctx.metrics.modelSeconds.observe({ purpose: call.purpose }, call.ms / 1000);
  await ctx.db.query(
    `INSERT INTO ai_usage_days (team_id, day, purpose, calls, failures, prompt_tokens, completion_tokens)
     VALUES ($1, ${TODAY}, $2, 1, $3, $4, $5)
     ON CONFLICT (team_id, day, purpose) DO UPDATE
       SET calls = ai_usage_days.calls + 1,
           failures = ai_usage_days.failures + EXCLUDED.failures,
           prompt_tokens = ai_usage_days.prompt_tokens + EXCLUDED.prompt_tokens,
           completion_tokens = ai_usage_days.completion_tokens + EXCLUDED.completion_tokens`,
    [
      teamId,
      call.purpose,
      call.ok ? 0 : 1,
      Math.max(0, Math.round(call.usage.prompt_tokens)),
      Math.max(0, Math.round(call.usage.completion_tokens)),
    ],
  );
}

/** The plan's daily limit for one purpose. */
export function dailyModelLimit(plan: string, purpose: ModelPurpose): number {
  const { limits } = planOf(plan);
  return purpose === 'draft' ? limits.aiDrafts : limits.aiClassifications;
}

/** Calls of this purpose the team may still make today under its plan (`teams.plan`). */
export async function modelCallsLeft(
  db: Queryable,
  teamId: string,
  plan: string,
  purpose: ModelPurpose,
): Promise<number> {
  const [row] = await db.query<{ calls: number }>(
    `SELECT calls FROM ai_usage_days WHERE team_id = $1 AND day = ${TODAY} AND purpose = $2`,
    [teamId, purpose],
  );
  return Math.max(0, dailyModelLimit(plan, purpose) - (row?.calls ?? 0));
}

/** The team's calls and tokens of today (UTC), with its plan's daily limits. */
export async function aiUsageToday(
  db: Queryable,
  team: { id: string; plan: string },
): Promise<AiUsageToday> {
  const rows = await db.query<{
    purpose: ModelPurpose;
    calls: number;
    prompt_tokens: string | number;
    completion_tokens: string | number;
  }>(
    `SELECT purpose, calls, prompt_tokens, completion_tokens FROM ai_usage_days
      WHERE team_id = $1 AND day = ${TODAY}`,
    [team.id],
  );
  const usage: AiUsageToday = {
    drafts_per_day: dailyModelLimit(team.plan, 'draft'),
    classifications_per_day: dailyModelLimit(team.plan, 'classification'),
    drafts: 0,
    classifications: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
  };
  for (const r of rows) {
    if (r.purpose === 'draft') usage.drafts = r.calls;
    else usage.classifications = r.calls;
    usage.prompt_tokens += Number(r.prompt_tokens);
    usage.completion_tokens += Number(r.completion_tokens);
  }
  return usage;
}
