import type { ServiceContext } from '../context.js';
import {
  askModel,
  configuredModel,
  ModelError,
  type ModelAnswer,
  type ModelRequest,
} from './model-client.js';
import { dailyModelLimit, type ModelPurpose, modelCallsLeft, recordModelCall } from './usage.js';

/** The team's plan allows no more calls of this purpose today. */
export class ModelLimitReached extends Error {
  constructor(
    readonly purpose: ModelPurpose,
    readonly plan: string,
    readonly limit: number,
  ) {
    super(`daily ${purpose} limit of ${limit} reached`);
  }
}

/**
 * One call to the team's model on the team's account: refused when the plan's daily limit is spent
 * (ModelLimitReached), else asked, and counted answered or not. Rejects with ModelError on failure.
 */
export async function askModelForTeam(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'outbound' | 'metrics'>,
  team: { id: string; plan: string },
  purpose: ModelPurpose,
  req: ModelRequest,
): Promise<ModelAnswer> {
  if (!ctx.config.LLM_API_URL) throw new ModelError('not_configured', 'LLM_API_URL is not set');
  if ((await modelCallsLeft(ctx.db, team.id, team.plan, purpose)) <= 0)
    throw new ModelLimitReached(purpose, team.plan, dailyModelLimit(team.plan, purpose));
  const started = performance.now();
  try {
    const answer = await askModel(ctx, req);
    await recordModelCall(ctx, team.id, {
      purpose,
      model: answer.model,
      usage: answer.usage,
      ok: true,
      ms: performance.now() - started,
    });
    return answer;
  } catch (err) {
    await recordModelCall(ctx, team.id, {
      purpose,
      model: configuredModel(ctx.config),
      usage: { prompt_tokens: 0, completion_tokens: 0 },
      ok: false,
      failure: err instanceof ModelError ? err.reason : 'network',
      ms: performance.now() - started,
    });
    throw err;
  }
}
