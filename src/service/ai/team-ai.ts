import type { AiUsageToday } from '../../contract/drafts.js';
import type { PatchTeamBody } from '../../contract/budget-settings.js';
import type { Queryable } from '../db/database.js';
import { aiUsageToday } from './usage.js';

/** The team's AI settings and today's use, as GET /api-team shows them (docs/ai.md). */
export async function teamAiView(
  db: Queryable,
  team: { id: string; plan: string },
): Promise<{ ai_instructions: string; ai_usage_today: AiUsageToday }> {
  const [row] = await db.query<{ ai_instructions: string }>(
    'SELECT ai_instructions FROM teams WHERE id = $1',
    [team.id],
  );
  return {
    ai_instructions: row?.ai_instructions ?? '',
    ai_usage_today: await aiUsageToday(db, team),
  };
}

/** PATCH /api-team's `ai_instructions`: what the team tells its model for every draft ('' for none). */
export async function patchAiInstructions(
  tx: Queryable,
  teamId: string,
  body: Pick<PatchTeamBody, 'ai_instructions'>,
): Promise<void> {
  if (body.ai_instructions === undefined) return;
  await tx.query('UPDATE teams SET ai_instructions = $2 WHERE id = $1', [
    teamId,
    body.ai_instructions,
  ]);
}
