import { z } from './zod.js';

/** Every error answer of the service: `{error: <message>}`. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Uuid = z.uuid();

/** Allowed watchlist fetch frequencies, in hours (spec: Limits). */
export const FETCH_FREQUENCIES = [1, 3, 6, 12, 24, 48, 72] as const;

export { URN_NS } from './constants.js';

/** A string field that must be present and a non-empty string, with the spec's exact message. */
export function requiredString(name: string) {
  const message = `Missing or invalid '${name}'`;
  return z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));
}

/**
 * An object that refuses fields it does not know, naming them: a typo in a field name is a
 * client mistake we answer with 400 instead of silently ignoring what was meant.
 */
export function strictBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
        : 'Request body must be a JSON object',
  });
}

/**
 * Reports a failed normalisation from inside a `z.transform`, as classic zod's `ctx.addIssue` did
 * (`zod/mini` gives a transform its payload without `addIssue`): a custom issue with the message.
 */
export function addTransformIssue(ctx: z.core.ParsePayload, message: string): void {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
}

/** The first issue of a failed parse, as the one-line message a client sees. */
export function firstIssueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  return issue.message;
}
