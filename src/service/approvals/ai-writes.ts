import type { AiWrites } from '../../contract/approvals.js';
import type { Queryable } from '../db/database.js';
import { APPROVAL_HOURS } from '../tasks/enqueue.js';

/**
 * The words of the team's `ai_writes` rule (docs/mcp.md), the same on every path an AI client
 * takes: the MCP tools, and REST calls made with an `ai` key (auth/key-scope.ts).
 */
export const AI_WRITES_OFF =
  'Refused: writes from AI clients are turned off for this team (ai_writes: off); an admin changes it with PATCH /api-team';

/** Sequences send in the sender's name without a per-message approval: an AI client needs `allow`. */
export const SEQUENCES_NEED_ALLOW =
  "Refused: an AI client changes sequences and their enrolments only with the team's ai_writes set to 'allow' " +
  '(each step then sends in the sender’s name without a per-message approval); do it in the dashboard, ' +
  'or ask an admin to change ai_writes with PATCH /api-team';

/** What a caller reads after queueing a write that now waits for a person. */
export function awaitingApprovalWords(queued: string, taskId: string): string {
  return (
    `${queued}, awaiting approval: an admin or the member it runs as approves or rejects it in the ` +
    `dashboard's Approvals list (or POST /api-approvals/${taskId}/approve); it expires after ${APPROVAL_HOURS} hours ` +
    'unapproved.'
  );
}

export async function teamAiWrites(db: Queryable, teamId: string): Promise<AiWrites> {
  const [row] = await db.query<{ ai_writes: AiWrites }>(
    'SELECT ai_writes FROM teams WHERE id = $1',
    [teamId],
  );
  return row?.ai_writes ?? 'approve';
}
