import { z } from './zod.js';
import { strictBody } from './common.js';

/**
 * Keys with a purpose (docs/security.md, "Credentials"): besides the team key, an admin makes keys
 * that carry one scope. `read` reads only; `write` is a program, as the team key; `ai` is an AI
 * client, whose writes in a member's name follow the team's `ai_writes` on every path.
 */
const API_KEY_SCOPES = ['read', 'write', 'ai'] as const;
const scopeMessage = `Missing or invalid 'scope': must be one of ${API_KEY_SCOPES.join(', ')}`;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, { error: scopeMessage });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

const MAX_NAME_CHARS = 100;
const nameMessage = `Missing or invalid 'name': 1 to ${MAX_NAME_CHARS} characters`;

/** POST /api-keys: what the key is called (who or what holds it) and what it may do. */
export const CreateApiKeyBody = strictBody({
  name: z
    .string({ error: nameMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: nameMessage }),
      z.maxLength(MAX_NAME_CHARS, { error: nameMessage }),
    ),
  scope: ApiKeyScope,
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** The secret is in this answer only: only its hash is kept. */
export const CreatedApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scope: ApiKeyScope,
  api_key: z.string(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/** A key as listed: never its secret. */
export const ApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  scope: ApiKeyScope,
  /** The e-mail of the admin who made it; null once they are gone. */
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  /** To the minute: when a call last carried it; null if none did yet. */
  last_used_at: z.nullable(z.string()),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeyList = z.object({
  keys: z.array(ApiKeyView),
  count: z.number().check(z.int()),
});
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const ApiKeyIdParam = z.object({ id: z.uuid({ error: 'Invalid API key id' }) });

export const RevokedApiKey = z.object({ success: z.literal(true), message: z.string() });
export type RevokedApiKey = z.infer<typeof RevokedApiKey>;
