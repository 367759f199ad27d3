import type { Context } from 'hono';
import { z } from '../../contract/zod.js';
import { firstIssueMessage } from '../../contract/common.js';
import { HttpError } from './http-error.js';

/**
 * Reads and validates a JSON body with a contract schema. Malformed JSON, a non-object body and
 * every schema issue become a 400 with one clear message; nothing reaches the handler unchecked.
 */
export async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let json: unknown;
  if (text.trim() === '') json = {};
  else {
    try {
      json = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'Malformed JSON body');
    }
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return parseWith(schema, json);
}

export function readQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error));
  return parsed.data;
}
