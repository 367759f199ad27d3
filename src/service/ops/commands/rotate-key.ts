import { z } from '../../../contract/zod.js';
import type { Queryable } from '../../db/database.js';
import { rotateApiKey } from '../../teams/api-keys.js';
import { OpsFailure, UsageError, type OpsCommand } from '../command.js';

/**
 * Spec, Authentication 5: "Key rotation is not self-service; the service operator issues a new
 * key on request." Admins may also rotate it themselves (routes/team-key.ts). The old key alone
 * stops working at once; members' extensions and dashboards carry on with their agent tokens.
 */
export const rotateKeyCommand: OpsCommand = {
  name: 'rotate-key',
  args: '<team id or member e-mail>',
  summary: 'Issue a new API key for a team and print it; the old key stops working at once.',
  async run(args, io) {
    if (args.length !== 1) throw new UsageError('rotate-key needs exactly one argument');
    const ctx = await io.context();
    const team = await findTeam(ctx.db, args[0]!);
    const key = await rotateApiKey(ctx.db, ctx.secretKey, team.id);
    io.err(`New API key for team ${team.id} (${team.name}); the old key no longer works:`);
    io.out(key);
  },
};

/** A team by its id or by the e-mail of one of its members (joined or invited). */
export async function findTeam(db: Queryable, ref: string): Promise<{ id: string; name: string }> {
  const trimmed = ref.trim();
  if (z.uuid().safeParse(trimmed).success) {
    const [team] = await db.query<{ id: string; name: string }>(
      'SELECT id, name FROM teams WHERE id = $1',
      [trimmed],
    );
    if (!team) throw new OpsFailure(`No team with id ${trimmed}`);
    return team;
  }
  const email = trimmed.toLowerCase();
  if (!z.email().safeParse(email).success)
    throw new UsageError(`Not a team id or an e-mail address: ${ref}`);
  // A joined membership wins over an invitation to another team.
  const [team] = await db.query<{ id: string; name: string }>(
    `SELECT t.id, t.name FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.email = $1 ORDER BY (m.user_id IS NULL), m.invited_at DESC LIMIT 1`,
    [email],
  );
  if (!team) throw new OpsFailure(`No team has a member with e-mail ${email}`);
  return team;
}
