import { z } from './zod.js';

/**
 * Every reply sorted (docs/ai.md, "Replies sorted"): each message from another person gets one
 * label from the team's model, the built-in ones or the team's own (PATCH /api-team
 * `reply_labels`), shown in the inbox, sequences' results, the `reply.classified` webhook and MCP.
 */

export const BUILT_IN_REPLY_LABELS = [
  'interested',
  'not_now',
  'not_interested',
  'out_of_office',
  'referral',
  'other',
] as const;

/** What each built-in label means, as the model reads it. */
export const BUILT_IN_LABEL_MEANINGS: Record<(typeof BUILT_IN_REPLY_LABELS)[number], string> = {
  interested: 'wants to talk, asks for details, a call or a meeting, or says yes',
  not_now: 'open to it but not at this time (later, next quarter, busy now)',
  not_interested: 'declines, asks to stop or not to be contacted',
  out_of_office: 'an automatic away, holiday or out-of-office answer',
  referral: 'points to someone else who is the right person',
  other: 'anything else (a question without intent, small talk, thanks)',
};

/** The most labels a team adds of its own. */
const MAX_TEAM_REPLY_LABELS = 20;

const labelNameMessage =
  "Invalid label: must be 1 to 40 characters of lower-case letters, digits and '_', starting with a letter";
/** A label as a name: what `?classification=` takes and what a team names its own. */
export const ReplyLabelName = z
  .string({ error: labelNameMessage })
  .check(z.regex(/^[a-z][a-z0-9_]{0,39}$/, { error: labelNameMessage }));

const replyLabelsMessage = `Invalid 'reply_labels': a list of at most ${MAX_TEAM_REPLY_LABELS} {name, description}, names unique and none of ${BUILT_IN_REPLY_LABELS.join(', ')}`;
const descriptionMessage =
  "Invalid 'reply_labels': each 'description' is one sentence of 1 to 300 characters";

export const TeamReplyLabel = z.strictObject(
  {
    name: ReplyLabelName,
    description: z
      .string({ error: descriptionMessage })
      .check(
        z.trim(),
        z.minLength(1, { error: descriptionMessage }),
        z.maxLength(300, { error: descriptionMessage }),
      ),
  },
  { error: replyLabelsMessage },
);
export type TeamReplyLabel = z.infer<typeof TeamReplyLabel>;

/** PATCH /api-team `reply_labels`: the team's own labels, replacing the ones it had ([] for none). */
export const TeamReplyLabels = z.array(TeamReplyLabel, { error: replyLabelsMessage }).check(
  z.maxLength(MAX_TEAM_REPLY_LABELS, { error: replyLabelsMessage }),
  z.refine(
    (labels) =>
      new Set(labels.map((l) => l.name)).size === labels.length &&
      labels.every((l) => !(BUILT_IN_REPLY_LABELS as readonly string[]).includes(l.name)),
    { error: replyLabelsMessage },
  ),
);

/** A message's label, how sure the model was (0 to 1), and which model said so. */
export const Classification = z.object({
  label: z.string(),
  confidence: z.number(),
  model: z.string(),
});
export type Classification = z.infer<typeof Classification>;

/**
 * The two fields every inbox message carries: a label, or null with why (`not configured`: the
 * service has no model; a failure after retries: its reason; null and null: not sorted yet, or a
 * member's own message).
 */
export const ClassificationFields = {
  classification: z.nullable(Classification),
  classification_error: z.nullable(z.string()),
};

const onReplyMessage =
  'Invalid \'on_reply\': an object of label: "stop", "continue" or {"wait_days": 1 to 90}';
const waitDaysMessage = "Invalid 'on_reply': 'wait_days' must be a whole number from 1 to 90";

/** What a reply sorted with one label does to the person's sequence. */
export const ReplyAction = z.union(
  [
    z.enum(['stop', 'continue']),
    z.strictObject(
      {
        wait_days: z
          .number({ error: waitDaysMessage })
          .check(
            z.int({ error: waitDaysMessage }),
            z.gte(1, { error: waitDaysMessage }),
            z.lte(90, { error: waitDaysMessage }),
          ),
      },
      { error: onReplyMessage },
    ),
  ],
  { error: onReplyMessage },
);
export type ReplyAction = z.infer<typeof ReplyAction>;

/**
 * A sequence's `on_reply` (docs/sequences.md, "Replies sorted"): per label, `stop` (the person's
 * sequence ends), `continue` (the reply does not stop it) or `{wait_days}` (the next step waits
 * that long, then the sequence goes on). A label not named does what `stop_on_reply` says.
 */
export const OnReply = z.record(ReplyLabelName, ReplyAction, { error: onReplyMessage });
export type OnReply = z.infer<typeof OnReply>;
