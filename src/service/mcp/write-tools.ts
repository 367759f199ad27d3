import type { z } from '../../contract/zod.js';
import { EnrollArgs } from '../../contract/mcp.js';
import {
  CreateKeywordWatchlistBody,
  createKeywordWatchlistMode,
  type CreateKeywordWatchlistDirectBody,
  type CreateKeywordWatchlistPromptBody,
  UpdateKeywordWatchlistBody,
  updateKeywordWatchlistMode,
  type UpdateKeywordWatchlistPatchBody,
  type UpdateKeywordWatchlistPromptBody,
} from '../../contract/watchlists.js';
import { HttpError } from '../http/http-error.js';
import { parseInput } from '../http/route-input.js';
import { awayMs } from '../sequences/rebalance.js';
import { enroll, enrollingSequence } from '../sequences/enroll.js';
import {
  createKeywordWatchlist,
  createPromptKeywordWatchlist,
} from '../watchlists/create-keyword-watchlist.js';
import {
  updateKeywordWatchlist,
  updateKeywordWatchlistPrompt,
} from '../watchlists/update-keyword-watchlist.js';
import { jsonResult, type McpTool, type ToolCall } from './tool.js';
import { OUTBOUND_NOT_OVER_MCP } from '../auth/outbound-admin.js';

/** A body of several shapes, checked in the mode its fields ask for, as the REST route does. */
function parseInMode(
  mode: (raw: Record<string, unknown>) => z.core.$ZodType | string,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const chosen = mode(raw);
  if (typeof chosen === 'string') throw new HttpError(400, chosen);
  return parseInput(chosen, raw) as Record<string, unknown>;
}

const ENROLL_NEEDS_ALLOW =
  "Refused: enrolling people in a sequence from an AI client needs the team's ai_writes set to 'allow' " +
  '(each step then sends in the sender’s name without a per-message approval); enroll them in the dashboard, ' +
  'or ask an admin to change ai_writes with PATCH /api-team';

/**
 * The writes that change the team's own data, not the network: they run at once under `approve`
 * and `allow` (what they later collect is read, never sent), and are refused under `off`. Enrolling
 * in a sequence starts invitations and messages sent without a per-message approval: it needs `allow`.
 */
export const writeTools: McpTool[] = [
  {
    name: 'enroll_in_sequence',
    description:
      'Enroll people (profile URLs, slugs or URNs, up to 1,000) in the team’s sequence `sequence_id`, as ' +
      'POST /api-sequences/{id}/enrollments does; skipped ones come back with the reason. Its steps send ' +
      "invitations and messages in the sender's name, so it needs the team's ai_writes at `allow`.",
    schema: EnrollArgs,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
    write: { approval: false },
    async run(args: Record<string, unknown>, call: ToolCall, aiWrites) {
      const { sequence_id, profiles } = parseInput(EnrollArgs, args);
      if (aiWrites !== 'allow') throw new HttpError(403, ENROLL_NEEDS_ALLOW);
      const { db } = call.ctx;
      const s = await enrollingSequence(db, call.caller.team.id, sequence_id);
      if (!s) throw new HttpError(404, 'Sequence not found');
      return jsonResult(await db.transaction((tx) => enroll(tx, s, profiles, awayMs(call.ctx))));
    },
  } as McpTool,
  {
    name: 'create_keyword_watchlist',
    description:
      'Create a keyword watchlist from `keywords` (direct mode; an existing one with the same keyword set is ' +
      'answered instead) or from a plain-English `prompt` (prompt mode), as POST /api-keyword-watchlist does. ' +
      'Counts against the plan’s watchlist limit.',
    schema: CreateKeywordWatchlistBody,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    write: { approval: false },
    async run(args: Record<string, unknown>, call: ToolCall) {
      const body = parseInMode(createKeywordWatchlistMode, args);
      const { ctx, caller } = call;
      if ('prompt' in body)
        return jsonResult(
          await createPromptKeywordWatchlist(
            ctx,
            caller.team,
            body as CreateKeywordWatchlistPromptBody,
          ),
        );
      const created = await createKeywordWatchlist(
        ctx,
        caller.team,
        body as CreateKeywordWatchlistDirectBody,
      );
      return jsonResult(created.body);
    },
  } as McpTool,
  {
    name: 'update_keyword_watchlist',
    description:
      'Change a keyword watchlist (`id`, and the fields to change: name, keywords, labels, fetchFreqInHours, ' +
      'disable), or regenerate it from a new `prompt`, as PATCH /api-keyword-watchlist does. ' +
      '`keywords` replaces the whole set. Where posts are sent (`slack_webhook_url`) is set by an admin, never here.',
    schema: UpdateKeywordWatchlistBody,
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    write: { approval: false },
    async run(args: Record<string, unknown>, call: ToolCall) {
      // An assistant never opens a channel out of the team (auth/outbound-admin.ts).
      if (args.slack_webhook_url !== undefined) throw new HttpError(403, OUTBOUND_NOT_OVER_MCP);
      const body = parseInMode(updateKeywordWatchlistMode, args);
      const { ctx, caller } = call;
      if ('prompt' in body)
        return jsonResult(
          await updateKeywordWatchlistPrompt(
            ctx,
            caller.team,
            body as UpdateKeywordWatchlistPromptBody,
          ),
        );
      return jsonResult(
        await updateKeywordWatchlist(ctx, caller.team, body as UpdateKeywordWatchlistPatchBody),
      );
    },
  } as McpTool,
];
