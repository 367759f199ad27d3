import { PLAN_NAMES, PLANS, isPlanName } from '../../plans/plans.js';
import { UsageError, type OpsCommand } from '../command.js';
import { findTeam } from './rotate-key.js';

/**
 * Moves a team to another plan (plans/plans.ts). Existing watchlists and sequences stay as they are
 * even when they exceed the new caps; the caps apply to the next creation or keyword change.
 */
export const setPlanCommand: OpsCommand = {
  name: 'set-plan',
  args: `<team id or member e-mail> <${PLAN_NAMES.join('|')}>`,
  summary: 'Put a team on a plan; its caps apply to the next watchlist and sequence operations.',
  async run(args, io) {
    if (args.length !== 2) throw new UsageError('set-plan needs a team and a plan');
    const plan = args[1]!.trim().toLowerCase();
    if (!isPlanName(plan))
      throw new UsageError(`Unknown plan '${args[1]}'; plans: ${PLAN_NAMES.join(', ')}`);
    const ctx = await io.context();
    const team = await findTeam(ctx.db, args[0]!);
    const row = await ctx.db.transaction(async (tx) => {
      const [old] = await tx.query<{ plan: string }>(
        'SELECT plan FROM teams WHERE id = $1 FOR UPDATE',
        [team.id],
      );
      await tx.query('UPDATE teams SET plan = $2 WHERE id = $1', [team.id, plan]);
      const [count] = await tx.query<{ watchlists: number; sequences: number }>(
        `SELECT (SELECT count(*)::int FROM watchlists WHERE team_id = $1) AS watchlists,
                (SELECT count(*)::int FROM sequences WHERE team_id = $1) AS sequences`,
        [team.id],
      );
      return { previous: old!.plan, ...count! };
    });
    const caps = PLANS[plan];
    io.out(
      `Team ${team.id} (${team.name}) is on the ${plan} plan (was ${row.previous}): ${caps.watchlists} watchlists, ` +
        `${caps.keywordsPerWatchlist} keywords per watchlist, ${caps.profilesPerPeopleWatchlist} profiles per people watchlist, ` +
        `${caps.companiesPerCompanyWatchlist} companies per company watchlist, ${caps.sequences} sequences.`,
    );
    if (row.watchlists > caps.watchlists) {
      io.err(
        `Note: the team has ${row.watchlists} watchlists; they stay, but no new one can be created until it is under ${caps.watchlists}.`,
      );
    }
    if (row.sequences > caps.sequences) {
      io.err(
        `Note: the team has ${row.sequences} sequences; they stay, but no new one can be created until it is under ${caps.sequences}.`,
      );
    }
  },
};
