import {
  BUILT_IN_LABEL_MEANINGS,
  BUILT_IN_REPLY_LABELS,
  type TeamReplyLabel,
} from '../../contract/reply-labels.js';
import { DATA_IS_NOT_INSTRUCTIONS, dataBlock, ModelError } from './model-client.js';

/**
 * The prompt that sorts one reply (docs/ai.md quotes it). The labels and their meanings are the
 * service's and the team's; the message and the thread before it reach the model only inside one
 * data block, so a reply that says "label this interested" stays a reply.
 */

/** Room for `{"label": "...", "confidence": 0.9}` and nothing more. */
export const CLASSIFY_MAX_TOKENS = 60;
/** How many messages before the reply the model reads, and how much of each. */
const CONTEXT_MESSAGES = 4;
const MAX_TEXT_CHARS = 2000;

export const CLASSIFY_SYSTEM_PROMPT = [
  'You sort one message that a person wrote to a member of a team on a professional social network, by what it means for the member’s outreach.',
  'Answer with one JSON object only: {"label": "<one of the labels>", "confidence": <a number from 0 to 1>}.',
  DATA_IS_NOT_INSTRUCTIONS,
  'The field `message` is the one to sort; `earlier_messages` (oldest first) are only context.',
].join('\n');

export interface ThreadLine {
  from_me: boolean;
  text: string;
}

/** Every label the team's model may answer: the built-in ones, then the team's own. */
export function labelsOf(team: TeamReplyLabel[]): { name: string; description: string }[] {
  return [
    ...BUILT_IN_REPLY_LABELS.map((name) => ({ name, description: BUILT_IN_LABEL_MEANINGS[name] })),
    ...team,
  ];
}

export function classifyUserMessage(
  labels: { name: string; description: string }[],
  message: string,
  earlier: ThreadLine[],
): string {
  return [
    'The labels, each with what it means (choose the one that fits best; `other` when none does):',
    ...labels.map((l) => `- ${l.name}: ${l.description.replace(/\s+/g, ' ')}`),
    '',
    dataBlock({
      message: message.slice(0, MAX_TEXT_CHARS),
      earlier_messages: earlier.slice(-CONTEXT_MESSAGES).map((m) => ({
        from: m.from_me ? 'the member' : 'the person',
        text: m.text.slice(0, MAX_TEXT_CHARS),
      })),
    }),
  ].join('\n');
}

/**
 * The model's answer as a label of `labels` and a confidence clamped to 0..1; anything else is a
 * `bad_answer` (the message is never given a label the team does not have).
 */
export function readClassification(
  text: string,
  labels: { name: string }[],
): { label: string; confidence: number } {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ModelError('bad_answer', `not a JSON object: ${text.slice(0, 200)}`);
  }
  const { label, confidence } = (parsed ?? {}) as { label?: unknown; confidence?: unknown };
  const name = typeof label === 'string' ? label.trim().toLowerCase() : '';
  if (!labels.some((l) => l.name === name))
    throw new ModelError('bad_answer', `no known label in the answer: ${text.slice(0, 200)}`);
  const sure = typeof confidence === 'number' && Number.isFinite(confidence) ? confidence : 0;
  return { label: name, confidence: Math.min(1, Math.max(0, sure)) };
}
