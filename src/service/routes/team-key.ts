import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { requireMember } from '../auth/require-member.js';
import { requireAdmin } from '../auth/require-admin.js';
import { describe } from '../http/describe.js';
import { TeamKeyView } from '../../contract/team-key.js';
import { handKeyTo, rotateApiKeyAt } from '../teams/api-keys.js';
import type { Queryable } from '../db/database.js';

const member = [requireApiKey(), requireMember({ recordActivity: false })] as const;

const NOTE =
  'Called with `x-api-key` (the current key, or one the team has rotated out) and the caller’s own ' +
  '`authorization: Bearer <agent_token>`: a member signed in before a rotation fetches the new key with what they hold.';
const AUTH_ERRORS = {
  401: '`Missing API Key`, `Invalid API Key`, `Invalid agent token`, `Agent token revoked; sign in again` or `Agent token expired; sign in again`',
};

async function rotatedAt(db: Queryable, teamId: string): Promise<string> {
  const [row] = await db.query<{ at: Date }>(
    'SELECT api_key_rotated_at AS at FROM teams WHERE id = $1',
    [teamId],
  );
  return new Date(row!.at).toISOString();
}

/** The team's API key: revealed to a member, rotated by an admin (docs/api.md "Who holds the key"). */
export const teamKeyRoutes = new Hono<AppEnv>()
  .get(
    '/api-team-key',
    describe({
      summary: 'The team’s current API key (any member)',
      description:
        `${NOTE} Every member is shown the key (at sign-in and here); when a member who was shown it leaves the team, ` +
        'the key is rotated, so they keep nothing that works.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'The key', schema: TeamKeyView } },
      errors: AUTH_ERRORS,
    }),
    ...member,
    async (c) => {
      const { ctx, team, agent } = c.var;
      const answer = await ctx.db.transaction(
        async (tx): Promise<TeamKeyView> => ({
          api_key: await handKeyTo(tx, ctx.secretKey, team.id, agent.userId),
          rotated_at: await rotatedAt(tx, team.id),
        }),
      );
      return c.json(answer);
    },
  )
  .post(
    '/api-team-key/rotate',
    describe({
      summary: 'Replace the team’s API key (admins only)',
      description:
        `${NOTE} The old key alone is refused at once (programs using it need the new one). Members’ extensions and ` +
        'dashboards keep working without a new sign-in: they send their agent token with the key they hold, and a rotated-out ' +
        'key is accepted together with a live token of a current member.',
      tag: 'Team',
      security: 'member',
      responses: { 200: { description: 'The new key', schema: TeamKeyView } },
      errors: {
        ...AUTH_ERRORS,
        403: '`Access denied`: only an admin of the team may rotate its key',
      },
    }),
    ...member,
    requireAdmin,
    async (c) => {
      const { ctx, team, agent } = c.var;
      const answer = await ctx.db.transaction(async (tx): Promise<TeamKeyView> => {
        const { rotatedAt: at } = await rotateApiKeyAt(tx, ctx.secretKey, team.id);
        return {
          api_key: await handKeyTo(tx, ctx.secretKey, team.id, agent.userId),
          rotated_at: at.toISOString(),
        };
      });
      ctx.log.info('api_key_rotated', { team_id: team.id, by: agent.userId });
      return c.json(answer);
    },
  );
