import type { Classification } from '../../contract/reply-labels.js';

/** What GET /api-inbox says of a message whose sorting is off: the service has no model. */
const NOT_CONFIGURED = 'not configured';

/** A message's classification columns (migration 043), as the inbox reads them. */
export interface ClassificationColumns {
  from_me: boolean;
  classification_label: string | null;
  classification_confidence: number | null;
  classification_model: string | null;
  classification_error: string | null;
}

/** The SQL of those columns for a message aliased `alias`. */
export const classificationColumns = (alias: string) =>
  [
    'from_me',
    'classification_label',
    'classification_confidence',
    'classification_model',
    'classification_error',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ');

/**
 * A message's `classification` and `classification_error` (docs/ai.md, "Replies sorted"): the
 * label; or null with the failure's reason; or null with `not configured` when the service has no
 * model and the message is not sorted; null and null for one not sorted yet or the member's own.
 */
export function classificationFields(
  r: ClassificationColumns | null,
  configured: boolean,
): { classification: Classification | null; classification_error: string | null } {
  if (r?.classification_label)
    return {
      classification: {
        label: r.classification_label,
        confidence: Number(r.classification_confidence ?? 0),
        model: r.classification_model ?? '',
      },
      classification_error: null,
    };
  if (!r || r.from_me) return { classification: null, classification_error: null };
  return {
    classification: null,
    classification_error: r.classification_error ?? (configured ? null : NOT_CONFIGURED),
  };
}
