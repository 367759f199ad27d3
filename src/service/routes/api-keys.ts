import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { requireAdmin } from '../auth/require-admin.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import {
  ApiKeyIdParam,
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  RevokedApiKey,
} from '../../contract/api-keys.js';
import {
  createScopedKey,
  listScopedKeys,
  revokeScopedKey,
  ScopedKeyLimitError,
} from '../teams/scoped-keys.js';

/**
 * Only an admin's sign-in manages keys: the team key with the admin's own agent token. A key of
 * one purpose is refused before the member is looked up (auth/key-scope.ts), so no key can make a
 * wider one.
 */
const admin = [requireApiKey(), requireMember({ recordActivity: false }), requireAdmin] as const;

const TAG = 'Team';
const NOTE =
  'Called with the team’s `x-api-key` and an admin’s own `authorization: Bearer <agent_token>`; a key of one purpose is refused (403). ' +
  'Scopes: `read` reads only (every write is 403); `write` is a program, as the team key; `ai` is an AI client, whose writes in a ' +
  'member’s name follow the team’s `ai_writes` on every path (by default a person approves each) and which never approves, ' +
  'manages the team or sets where its data is sent (docs/security.md).';
const ERRORS = {
  401: '`Missing API Key`, `Invalid API Key`, `Invalid agent token`, `Agent token revoked; sign in again` or `Agent token expired; sign in again`',
  403: '`Access denied`: only an admin of the team manages its keys, or `Access denied: this API key’s scope is …`: a key of one purpose',
};
const ID_EXAMPLE = { id: '7c2e9a41-5b3d-4f6e-8a1c-2d3e4f5a6b7c' };

/** Keys with a purpose (docs/api.md "API keys"): make one (its secret shown once), list, revoke. */
export const apiKeyRoutes = new Hono<AppEnv>()
  .post(
    '/api-keys',
    describe({
      summary: 'Make an API key with a purpose: read, write or ai (admins only)',
      description:
        `${NOTE} The answer carries the secret \`api_key\` once: only its hash is kept, so keep it now. ` +
        'It is used as `x-api-key`, as the team key is.',
      tag: TAG,
      security: 'member',
      responses: { 201: { description: 'Made; keep the secret', schema: CreatedApiKey } },
      errors: {
        400: "`Missing or invalid 'name': …`, `Missing or invalid 'scope': …`, `A team has at most 50 API keys; revoke one first`",
        ...ERRORS,
      },
    }),
    ...admin,
    validate('json', CreateApiKeyBody, { example: { name: 'Claude desktop', scope: 'ai' } }),
    async (c) => {
      const { ctx, team, agent } = c.var;
      const body = c.req.valid('json');
      try {
        const created = await ctx.db.transaction((tx) =>
          createScopedKey(tx, team.id, body, agent.userId),
        );
        ctx.log.info('api_key_created', {
          team_id: team.id,
          key_id: created.id,
          scope: created.scope,
          by: agent.userId,
        });
        return c.json(created, 201);
      } catch (err) {
        if (err instanceof ScopedKeyLimitError) throw new HttpError(400, err.message);
        throw err;
      }
    },
  )
  .get(
    '/api-keys',
    describe({
      summary:
        'The team’s API keys with a purpose: who made each, when it was last used (never a secret)',
      description: NOTE,
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'The keys, oldest first', schema: ApiKeyList } },
      errors: ERRORS,
    }),
    ...admin,
    async (c) => {
      const keys = await listScopedKeys(c.var.ctx.db, c.var.team.id);
      const answer: ApiKeyList = { keys, count: keys.length };
      return c.json(answer);
    },
  )
  .delete(
    '/api-keys/:id',
    describe({
      summary: 'Revoke an API key: refused at once, in every instance (admins only)',
      description: NOTE,
      tag: TAG,
      security: 'member',
      responses: { 200: { description: 'Revoked', schema: RevokedApiKey } },
      errors: { 400: '`Invalid API key id`', ...ERRORS, 404: '`API key not found`' },
    }),
    ...admin,
    validate('param', ApiKeyIdParam, { example: ID_EXAMPLE }),
    async (c) => {
      const { ctx, team, agent } = c.var;
      const id = c.req.valid('param').id;
      if (!(await ctx.db.transaction((tx) => revokeScopedKey(tx, team.id, id))))
        throw new HttpError(404, 'API key not found');
      ctx.log.info('api_key_revoked', { team_id: team.id, key_id: id, by: agent.userId });
      const answer: RevokedApiKey = { success: true, message: 'API key revoked' };
      return c.json(answer);
    },
  );
