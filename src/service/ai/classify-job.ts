import type { ReplyClassifiedEvent } from '../../contract/relationships.js';
import type { ServiceContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { TEAM_CHANGE_CHANNEL } from '../live/team-changes.js';
import { memberRef } from '../relationships/member-ref.js';
import { applyReplyLabel } from '../sequences/label-on-reply.js';
import { enqueueTeamEvent } from '../webhooks/store.js';
import { askModelForTeam, ModelLimitReached } from './counted-call.js';
import {
  CLASSIFY_MAX_TOKENS,
  CLASSIFY_SYSTEM_PROMPT,
  classifyUserMessage,
  labelsOf,
  readClassification,
  type ThreadLine,
} from './classify-prompt.js';
import { ModelError, modelConfigured } from './model-client.js';
import { modelCallsLeft } from './usage.js';
import { teamReplyLabels } from './reply-labels.js';

/**
 * Every reply sorted (docs/ai.md, "Replies sorted"): a job beside the relationship sync takes the
 * messages the inbox marked due (inbox-filing.ts), claims each for one instance, asks the team's
 * model for its label and stores it with the message. It never runs in the sync's path: the sync
 * files and returns, and a slow or failing model only delays labels.
 *
 * A message's states: due (classification_due) → claimed (classify_claimed_at, the attempt
 * counted) → sorted (label) | due again after a backoff | failed after MAX_ATTEMPTS (no label,
 * classification_error says why). A claim whose instance stopped is taken again after the lease.
 * The plan's daily limit is spent before anything is claimed: a team at its limit waits for the
 * next UTC day, its messages still due.
 */

/** Messages claimed per team and run. */
const BATCH = 20;
/** Teams looked at per run. */
const TEAMS = 50;
const MAX_CLASSIFY_ATTEMPTS = 3;
/** The wait after a failed attempt: 30 s, then 2 min. */
const backoffS = (attempts: number) => 30 * 4 ** (attempts - 1);

interface Claimed {
  id: string;
  user_id: string;
  conversation_urn: string;
  sender_urn: string;
  sender_name: string | null;
  text: string;
  delivered_at: Date;
  classify_attempts: number;
}

const READY = `m.classification_due AND (m.classify_after IS NULL OR m.classify_after <= now())
   AND (m.classify_claimed_at IS NULL OR m.classify_claimed_at < now() - make_interval(secs => $LEASE))`;

/**
 * An open dashboard's inbox shows the label, or why there is none, as soon as it is stored
 * (GET /api-events; the inbox's own trigger watches conversations, not messages); a label that
 * moved a person of a sequence changes its results too.
 */
async function announce(db: Queryable, teamId: string, kinds: ('inbox' | 'sequences')[]) {
  await db.query("SELECT pg_notify($1, $2::text || ' ' || k) FROM unnest($3::text[]) k", [
    TEAM_CHANGE_CHANNEL,
    teamId,
    kinds,
  ]);
}

/** One run: the due messages of up to TEAMS teams, BATCH each. Answers how many were sorted. */
export async function classifyReplies(ctx: ServiceContext): Promise<number> {
  if (!modelConfigured(ctx.config)) return 0;
  // A claim outlives any one call to the model (the outbound deadline) with room to store it.
  const leaseS = Math.ceil((2 * ctx.outbound.limits.deadlineMs) / 1000) + 30;
  const ready = READY.replace('$LEASE', String(leaseS));
  const teams = await ctx.db.query<{ id: string; plan: string }>(
    `SELECT t.id, t.plan FROM teams t
      WHERE t.id IN (SELECT DISTINCT m.team_id FROM inbox_messages m WHERE ${ready} LIMIT ${TEAMS})`,
  );
  let sorted = 0;
  for (const team of teams) {
    const left = await modelCallsLeft(ctx.db, team.id, team.plan, 'classification');
    if (left <= 0) continue;
    const claimed = await ctx.db.query<Claimed>(
      `UPDATE inbox_messages SET classify_claimed_at = now(), classify_attempts = classify_attempts + 1
        WHERE id IN (SELECT m.id FROM inbox_messages m WHERE m.team_id = $1 AND ${ready}
                      ORDER BY m.delivered_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, conversation_urn, sender_urn, sender_name, text, delivered_at, classify_attempts`,
      [team.id, Math.min(left, BATCH)],
    );
    if (!claimed.length) continue;
    const labels = labelsOf(await teamReplyLabels(ctx.db, team.id));
    for (const m of claimed) if (await classifyOne(ctx, team, labels, m)) sorted++;
  }
  return sorted;
}

async function classifyOne(
  ctx: ServiceContext,
  team: { id: string; plan: string },
  labels: { name: string; description: string }[],
  m: Claimed,
): Promise<boolean> {
  const earlier = await ctx.db.query<ThreadLine>(
    `SELECT from_me, text FROM (
       SELECT from_me, text, delivered_at FROM inbox_messages
        WHERE team_id = $1 AND conversation_urn = $2 AND delivered_at < $3
        ORDER BY delivered_at DESC LIMIT 4) x ORDER BY delivered_at`,
    [team.id, m.conversation_urn, m.delivered_at],
  );
  let label: { label: string; confidence: number };
  let model: string;
  try {
    const answer = await askModelForTeam(ctx, team, 'classification', {
      system: CLASSIFY_SYSTEM_PROMPT,
      user: classifyUserMessage(labels, m.text, earlier),
      json: true,
      temperature: 0,
      maxTokens: CLASSIFY_MAX_TOKENS,
    });
    label = readClassification(answer.text, labels);
    model = answer.model;
  } catch (err) {
    await failed(ctx, team.id, m, err);
    return false;
  }
  await ctx.db.transaction(async (tx) => {
    const [still] = await tx.query(
      `UPDATE inbox_messages
          SET classification_label = $2, classification_confidence = $3, classification_model = $4,
              classified_at = now(), classification_error = NULL, classification_due = false,
              classify_claimed_at = NULL
        WHERE id = $1 AND classification_due RETURNING id`,
      [m.id, label.label, label.confidence, model],
    );
    // Sorted meanwhile by an instance that took the claim over after its lease: once is enough.
    if (!still) return;
    const enrollment = await applyReplyLabel(
      tx,
      {
        teamId: team.id,
        userId: m.user_id,
        senderUrn: m.sender_urn,
        deliveredAt: m.delivered_at,
        label: label.label,
      },
      ctx.config.SEQUENCE_HOUR_S * 1000,
    );
    const event: ReplyClassifiedEvent = {
      member: await memberRef(tx, team.id, m.user_id),
      conversation_urn: m.conversation_urn,
      message: {
        text: m.text,
        sender_urn: m.sender_urn,
        sender_name: m.sender_name,
        from_me: false,
        delivered_at: new Date(m.delivered_at).toISOString(),
      },
      classification: { ...label, model },
      ...(enrollment ? { sequence_enrollment: enrollment } : {}),
    };
    await enqueueTeamEvent(tx, team.id, 'reply.classified', event);
    await announce(tx, team.id, enrollment ? ['inbox', 'sequences'] : ['inbox']);
  });
  ctx.log.info('reply_classified', {
    team_id: team.id,
    message_id: m.id,
    label: label.label,
    model,
  });
  return true;
}

/** Seconds to the next UTC day, when the plan's daily limit starts again. */
const nextUtcDay = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
};

async function failed(
  ctx: ServiceContext,
  teamId: string,
  m: Claimed,
  err: unknown,
): Promise<void> {
  if (err instanceof ModelLimitReached) {
    // Another instance spent the day's last calls: this claim costs no attempt.
    await ctx.db.query(
      `UPDATE inbox_messages SET classify_claimed_at = NULL, classify_attempts = classify_attempts - 1,
              classify_after = $2 WHERE id = $1`,
      [m.id, nextUtcDay()],
    );
    return;
  }
  if (!(err instanceof ModelError)) throw err;
  const reason = `${err.reason}: ${err.detail}`.slice(0, 500);
  ctx.log.warn('reply_classification_failed', {
    team_id: teamId,
    message_id: m.id,
    reason: err.reason,
    attempt: m.classify_attempts,
  });
  if (m.classify_attempts >= MAX_CLASSIFY_ATTEMPTS) {
    await ctx.db.transaction(async (tx) => {
      const [gaveUp] = await tx.query(
        `UPDATE inbox_messages SET classification_due = false, classify_claimed_at = NULL,
                classification_error = $2 WHERE id = $1 AND classification_due RETURNING id`,
        [m.id, `failed after ${m.classify_attempts} attempts: ${reason}`],
      );
      if (gaveUp) await announce(tx, teamId, ['inbox']);
    });
    return;
  }
  await ctx.db.query(
    `UPDATE inbox_messages SET classify_claimed_at = NULL,
            classify_after = now() + make_interval(secs => $2) WHERE id = $1 AND classification_due`,
    [m.id, backoffS(m.classify_attempts)],
  );
}
