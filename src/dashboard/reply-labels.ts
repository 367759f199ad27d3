import type {
  BUILT_IN_REPLY_LABELS,
  Classification,
  TeamReplyLabel,
} from '../contract/reply-labels.js';
import { html, nothing, type TemplateResult } from '../ui/html.js';

/**
 * Reply labels as a person reads them (docs/ai.md, "Replies sorted"): the chip of a message's
 * label with how sure the model was, "not sorted yet" before the job came to it, and "not sorted"
 * with the reason when it gave up; and the labels a filter offers. The contract's label list is
 * imported as a type only: the dashboard carries no zod.
 */

type BuiltInLabel = (typeof BUILT_IN_REPLY_LABELS)[number];

const BUILT_IN_WORDS: Record<BuiltInLabel, string> = {
  interested: 'Interested',
  not_now: 'Not now',
  not_interested: 'Not interested',
  out_of_office: 'Out of office',
  referral: 'Referral',
  other: 'Other',
};
const BUILT_INS = Object.keys(BUILT_IN_WORDS) as BuiltInLabel[];

/** The chip's colour: what the label asks of the member (answer now, later, or let go). */
const TONES: Partial<Record<string, 'good' | 'warn' | 'bad'>> = {
  interested: 'good',
  referral: 'good',
  not_now: 'warn',
  not_interested: 'bad',
};

/** What the inbox says of a message whose sorting is off: the service has no model. */
export const NOT_CONFIGURED = 'not configured';

/** "Interested", "Not now"; a team's own `wants_demo` as "Wants demo". */
export function labelWords(name: string): string {
  if (name in BUILT_IN_WORDS) return BUILT_IN_WORDS[name as BuiltInLabel];
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;

/** One label as the filter offers it, with the team's sentence for its own labels. */
interface LabelChoice {
  name: string;
  words: string;
  description?: string;
}

/** The built-in labels, then the team's own. */
export const labelChoices = (team: TeamReplyLabel[]): LabelChoice[] => [
  ...BUILT_INS.map((name) => ({ name, words: BUILT_IN_WORDS[name] })),
  ...team.map((l) => ({ name: l.name, words: labelWords(l.name), description: l.description })),
];

/** A label's chip, in its tone; `sure`: how sure the model was, on hover and for screen readers. */
export const labelBadge = (name: string, sure?: { words: string; model: string }) =>
  html`<span class="badge reply-label ${TONES[name] ?? ''}" data-label=${name} title=${sure ? `${sure.words} sure (${sure.model})` : nothing}>${labelWords(name)}${sure ? html`<span class="visually-hidden">, ${sure.words} sure</span>` : nothing}</span>`;

/** A sequence's people by the label of their latest reply (`replies_by_label`), the most first. */
export const labelCounts = (byLabel: Record<string, number>): [string, number][] =>
  Object.entries(byLabel)
    .filter(([, n]) => n > 0)
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b));

/** A message's two classification fields, as GET /api-inbox answers them. */
interface ClassificationFields {
  classification: Classification | null;
  classification_error: string | null;
}

/**
 * What one message from the other person says of its label: the chip (how sure, and which model,
 * on hover and for screen readers), "not sorted yet" before the job came to it, or "Not sorted:"
 * with why once it gave up, in words (a title alone is out of reach on a phone). Nothing when the
 * service has no model: the inbox leaves its filter out instead of saying so on every card.
 */
export function labelChip(f: ClassificationFields): TemplateResult | typeof nothing {
  const c = f.classification;
  const error = f.classification_error;
  if (c) return labelBadge(c.label, { words: percent(c.confidence), model: c.model });
  if (error === NOT_CONFIGURED) return nothing;
  return error
    ? html`<span class="small label-why">Not sorted: ${error}</span>`
    : html`<span class="badge reply-label pending">not sorted yet</span>`;
}
