/**
 * Sequence templates (docs/sequences.md): `{first_name}`, `{last_name}`, `{company}`, `{headline}`,
 * and `{custom.<column>}` (a column of the CSV the person was imported from), each with an optional
 * fallback after a bar, `{first_name|there}`. Pure, so the service fills them and the dashboard
 * previews them the same way.
 */
export const TEMPLATE_FIELDS = ['first_name', 'last_name', 'company', 'headline'] as const;
/** The known fields, and `custom.<column>` keys for the columns of an import. */
export type TemplateValues = Partial<Record<string, string | null>>;

/** A template field naming a column of the person's CSV import. */
export const CUSTOM_PREFIX = 'custom.';
const isCustomField = (field: string) =>
  field.startsWith(CUSTOM_PREFIX) && field.length > CUSTOM_PREFIX.length;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The first field a template names that is not one of TEMPLATE_FIELDS; null when all are known. */
export function unknownTemplateField(template: string): string | null {
  for (const m of template.matchAll(PLACEHOLDER)) {
    const field = m[1]!.split('|')[0]!.trim();
    if (!(TEMPLATE_FIELDS as readonly string[]).includes(field) && !isCustomField(field))
      return field;
  }
  return null;
}

/**
 * The template filled with the person's values. A field that is empty and has no fallback makes it
 * unfillable: `{ok: false, missing}` names the field, so nobody is sent "Hi ,".
 */
export function fillTemplate(
  template: string,
  values: TemplateValues,
): { ok: true; text: string } | { ok: false; missing: string } {
  let missing: string | null = null;
  const text = template.replace(PLACEHOLDER, (_all, inner: string) => {
    const bar = inner.indexOf('|');
    const field = (bar < 0 ? inner : inner.slice(0, bar)).trim();
    const fallback = bar < 0 ? null : inner.slice(bar + 1);
    const value = values[field]?.trim();
    if (value) return value;
    if (fallback !== null) return fallback;
    missing ??= field;
    return '';
  });
  return missing === null ? { ok: true, text: text.trim() } : { ok: false, missing };
}

/** Notes of a connection request: the network takes at most this many characters, once filled. */
export const NOTE_MAX = 300;

/** The 400 of POST /api-sequences for a template naming a field we do not fill (step: from 1). */
export function unknownFieldError(field: string, step: number): string {
  return `Unknown template field '{${field}}' in step ${step}: use ${TEMPLATE_FIELDS.map((f) => `{${f}}`).join(', ')}, each with an optional fallback such as {first_name|there}`;
}

/** Why a person's step failed: the template needs a field that is empty for them and has no fallback. */
export function missingFieldReason(what: 'note' | 'message', field: string): string {
  return `the ${what} needs {${field}}, which is empty for this person and has no fallback`;
}

/** Why a person's invitation failed: the filled note is longer than the network takes. */
export function noteTooLongReason(length: number): string {
  return `the note is ${length} characters once filled; the network takes ${NOTE_MAX}`;
}
