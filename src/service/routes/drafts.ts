import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { queuedBy } from '../auth/queued-by.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { DraftBody, DraftResponse } from '../../contract/drafts.js';
import { makeDraft } from '../ai/drafts.js';
import { APPROVAL_HOURS } from '../tasks/enqueue.js';

/**
 * `POST /api-drafts` (docs/ai.md): the team's model writes one comment, reply, invitation note or
 * message in a member's name; it is queued awaiting that member's or an admin's approval, never
 * sent by itself. Checks in this order: API key (401), body (400), a model configured (503), the
 * member and the post, thread or person (404), the write gate on the target (409, 403, 429), the
 * plan's daily limit (429), the model's answer (502), then the write gate again as it is queued.
 */
export const draftRoutes = new Hono<AppEnv>().post(
  '/api-drafts',
  describe({
    summary:
      'Draft a comment, reply, invitation note or message with the team’s model, for approval',
    description:
      'The service asks the team’s model (an OpenAI-compatible endpoint, `LLM_API_URL`) for the text: for a `comment` it reads ' +
      'the collected post (`post_id`), for a `reply` the latest messages of the thread in the member’s inbox (`conversation_urn`), ' +
      'for an `invitation_note` or a `message` what the team knows of the person (`profile_urn`); with the member’s name, the team’s ' +
      '`ai_instructions` (PATCH /api-team) and this call’s `instructions`. The text is cut to the network’s length (a comment 1,250 ' +
      'characters, a note 300, a message 8,000) and queued as the one write of its kind for that target, in the name of `member_email`, ' +
      'awaiting approval by that member or an admin in `/api-approvals` (where it can be edited): nothing is sent before. ' +
      `It expires after ${APPROVAL_HOURS} hours unapproved. Each call counts against the plan’s daily AI drafts ` +
      '(`GET /api-team` shows `team.ai_usage_today`).',
    tag: 'AI drafts',
    security: 'apiKey',
    responses: {
      201: { description: 'The draft, awaiting approval', schema: DraftResponse },
    },
    errors: {
      401: '`Missing API Key` or `Invalid API Key`',
      403: '`Plugin installation required: …` (no extension active in 48 hours), or an `ai` key while the team’s `ai_writes` is `off`',
      404: '`No member with that e-mail in the team`, `Post not found`, or `Conversation not found in that member’s inbox`',
      409: '`Refused: …` from the write gate (the do-not-contact list, the contact window, a pending invitation), or `Refused: the member turned this kind of write off …`',
      429: '`Daily limit reached: the free plan allows 20 AI drafts a day` (`Retry-After`: seconds to the next UTC day), or `LinkedIn invitation limit reached`',
      502: "`The model's answer was not usable: <what came back>`: the model timed out, answered an error status, or not a chat completion, or no text; nothing is queued",
      503: '`AI drafting is not configured: set LLM_API_URL`',
    },
  }),
  requireApiKey(),
  validate('json', DraftBody, {
    example: {
      kind: 'comment',
      member_email: 'ada@example.com',
      post_id: '1d7a3c5e-2b4f-4c6d-8e9f-0a1b2c3d4e5f',
      instructions: 'Mention our robotics meetup in March.',
    },
  }),
  async (c) => {
    const by = await queuedBy(c);
    const askedBy = by.kind === 'member' || by.kind === 'mcp' ? by.userId : null;
    const draft = await makeDraft(c.var.ctx, c.var.team, c.req.valid('json'), askedBy);
    return c.json(draft satisfies DraftResponse, 201);
  },
);
