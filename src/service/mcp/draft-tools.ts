import { DraftCommentArgs, DraftReplyArgs } from '../../contract/drafts.js';
import { makeDraft } from '../ai/drafts.js';
import { parseInput } from '../http/route-input.js';
import { APPROVAL_HOURS } from '../tasks/enqueue.js';
import { jsonResult, type McpTool, type ToolCall } from './tool.js';

const AWAITS =
  'The team’s model writes the text; it is queued as that one write in the member’s name, awaiting the approval of ' +
  'that member or an admin (who may edit it) in the dashboard, whatever ai_writes says: nothing is sent before. ' +
  `It expires after ${APPROVAL_HOURS} hours unapproved. Counts against the plan’s daily AI drafts (docs/ai.md).`;

const ANNOTATIONS = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};

/** POST /api-drafts as tools (docs/ai.md): a draft always waits for a person. */
export const draftTools: McpTool[] = [
  {
    name: 'draft_comment',
    description: `Draft a comment on a collected post (\`post_id\`, from search_posts) for \`member_email\`, with optional \`instructions\`. ${AWAITS}`,
    schema: DraftCommentArgs,
    annotations: ANNOTATIONS,
    write: { approval: true },
    async run(args: Record<string, unknown>, call: ToolCall) {
      const body = parseInput(DraftCommentArgs, args);
      const { ctx, caller } = call;
      const draft = await makeDraft(
        ctx,
        caller.team,
        { kind: 'comment', ...body },
        caller.member?.userId ?? null,
      );
      return jsonResult(draft);
    },
  } as McpTool,
  {
    name: 'draft_reply',
    description: `Draft a reply in a conversation of \`member_email\`’s inbox (\`conversation_urn\`, from read_inbox), from its latest messages, with optional \`instructions\`. ${AWAITS}`,
    schema: DraftReplyArgs,
    annotations: ANNOTATIONS,
    write: { approval: true },
    async run(args: Record<string, unknown>, call: ToolCall) {
      const body = parseInput(DraftReplyArgs, args);
      const { ctx, caller } = call;
      const draft = await makeDraft(
        ctx,
        caller.team,
        { kind: 'reply', ...body },
        caller.member?.userId ?? null,
      );
      return jsonResult(draft);
    },
  } as McpTool,
];
