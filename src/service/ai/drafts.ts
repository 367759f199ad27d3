import type { DraftBody, DraftKind, DraftResponse } from '../../contract/drafts.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import type { TeamRow } from '../auth/identities.js';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { readOwnProfileWhenDue } from '../relationships/member-profile.js';
import { queueNetworkTask } from '../tasks/queue-network-task.js';
import { writeGate } from '../tasks/write-gate.js';
import { askModelForTeam, ModelLimitReached } from './counted-call.js';
import {
  DRAFT_MAX_CHARS,
  DRAFT_MAX_TOKENS,
  DRAFT_SYSTEM_PROMPT,
  draftUserMessage,
  fitDraft,
} from './draft-prompts.js';
import { type DraftSubject, draftMember, draftSubject } from './draft-subject.js';
import { ModelError, modelConfigured } from './model-client.js';

const NOT_CONFIGURED = 'AI drafting is not configured: set LLM_API_URL';
const unusable = (detail: string) => `The model's answer was not usable: ${detail}`;
const limitReached = (plan: string, limit: number) =>
  `Daily limit reached: the ${plan} plan allows ${limit} AI drafts a day`;
const REFUSED_KIND =
  'Refused: the member turned this kind of write off for their account (refused_by_member)';

/**
 * The ONE write a draft may become, whatever the model answers: its kind and target come from the
 * request and the team's data; the model gives only the text.
 */
function draftWrite(
  subject: DraftSubject,
  text: string,
): { name: NetworkEndpoint; input: Record<string, unknown> } {
  switch (subject.kind) {
    case 'comment':
      return { name: 'comment-post', input: { social_urn: subject.socialUrn, comment_text: text } };
    case 'reply':
      return {
        name: 'send-message',
        input: { conversation_urn: subject.conversationUrn, message_text: text },
      };
    case 'invitation_note':
      return {
        name: 'send-connection-request',
        input: { profile_urn: subject.profileUrn, note: text },
      };
    case 'message':
      return {
        name: 'send-message',
        input: { profile_urn: subject.profileUrn, message_text: text },
      };
  }
}

/** Seconds until the next UTC day, when the daily limit starts again. */
function secondsToUtcMidnight(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * POST /api-drafts (docs/ai.md): reads what the draft is about, passes the write gate with the
 * target (so a refused person costs no model call), asks the team's model for the text, and queues
 * the one write of the draft's kind through the gate again, awaiting the approval of the member it
 * runs as or an admin. Errors: 503 without a model, 404 for a member, post or thread the team does
 * not have, 409/403/429 from the gate, 429 for the plan's daily limit, 502 for an unusable answer.
 */
export async function makeDraft(
  ctx: ServiceContext,
  team: TeamRow,
  body: DraftBody,
  askedBy: string | null,
): Promise<DraftResponse> {
  if (!modelConfigured(ctx.config)) throw new HttpError(503, NOT_CONFIGURED);
  const { db } = ctx;
  const member = await draftMember(db, team.id, body.member_email);
  // Without the member's headline the draft is written without it; the next ones will have it.
  await readOwnProfileWhenDue(ctx, team.id, member);
  const subject = await draftSubject(db, team.id, member, body);

  // The gate on the target before the model is paid: the text plays no part in its checks.
  const probe = draftWrite(subject, '…');
  const { type } = NETWORK_ENDPOINTS[probe.name];
  const verdict = await writeGate(db, {
    teamId: team.id,
    type,
    input: { task_type: type, ...probe.input },
    assignedUserId: member.userId,
    by: { kind: 'ai', model: '', userId: askedBy },
  });
  if (!verdict.pass) throw new HttpError(verdict.status, verdict.error);
  if (verdict.refusedKind) throw new HttpError(409, REFUSED_KIND);

  // The plan as it stands now: the key's cached team may be a few seconds old.
  const [settings] = await db.query<{ ai_instructions: string; plan: string }>(
    'SELECT ai_instructions, plan FROM teams WHERE id = $1',
    [team.id],
  );
  let answer: Awaited<ReturnType<typeof askModelForTeam>>;
  try {
    answer = await askModelForTeam(
      ctx,
      { id: team.id, plan: settings?.plan ?? team.plan },
      'draft',
      {
        system: DRAFT_SYSTEM_PROMPT,
        user: draftUserMessage(subject, member, {
          team: settings?.ai_instructions ?? '',
          request: body.instructions ?? '',
        }),
        maxTokens: DRAFT_MAX_TOKENS[body.kind],
      },
    );
  } catch (err) {
    if (err instanceof ModelLimitReached)
      throw new HttpError(429, limitReached(err.plan, err.limit), {
        'Retry-After': String(secondsToUtcMidnight()),
      });
    if (err instanceof ModelError) {
      ctx.log.warn('draft_model_failed', { team_id: team.id, kind: body.kind, reason: err.reason });
      throw new HttpError(err.reason === 'not_configured' ? 503 : 502, unusable(err.detail));
    }
    throw err;
  }
  const text = fitDraft(answer.text, DRAFT_MAX_CHARS[body.kind]);
  if (!text) throw new HttpError(502, unusable('the model answered with no text'));

  const write = draftWrite(subject, text);
  const task = await queueNetworkTask(
    ctx,
    team.id,
    write.name,
    NETWORK_ENDPOINTS[write.name].body.parse({
      ...write.input,
      member_email: member.email,
    }) as Record<string, unknown>,
    { queuedBy: { kind: 'ai', model: answer.model, userId: askedBy }, awaitApproval: true },
  );
  // The member turned the kind off while the model wrote: the task ended failed at once.
  if (task.refused) throw new HttpError(409, REFUSED_KIND);
  const [row] = await db.query<{ approval_expires_at: Date }>(
    'SELECT approval_expires_at FROM tasks WHERE id = $1',
    [task.id],
  );
  ctx.log.info('draft_queued', {
    team_id: team.id,
    task_id: task.id,
    kind: body.kind,
    model: answer.model,
    prompt_tokens: answer.usage.prompt_tokens,
    completion_tokens: answer.usage.completion_tokens,
  });
  return {
    task_id: task.id,
    kind: body.kind satisfies DraftKind,
    member_email: member.email,
    text,
    model: answer.model,
    status: 'awaiting_approval',
    expires_at: new Date(row!.approval_expires_at).toISOString(),
  };
}
