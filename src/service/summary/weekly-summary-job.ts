import type { ServiceContext } from '../context.js';
import { enqueueTeamEvent } from '../webhooks/store.js';
import { weeklySummaryEmail } from '../mail/weekly-summary-email.js';
import { buildWeeklySummary, lastWholeWeek } from './weekly-summary.js';

type Deps = Pick<ServiceContext, 'db' | 'mailer' | 'log' | 'config'>;

/** Teams that turned the summary on and have not had the week's. */
const DUE = `weekly_summary AND (weekly_summary_sent_for IS NULL OR weekly_summary_sent_for < $1::date)`;

/**
 * The background job (jobs.ts): each team with the summary on gets the last whole week's once, as
 * a `summary.weekly` webhook event and a mail to each joined member who did not turn it off.
 *
 * Once per team and week across instances: the summary is built first, then one transaction moves
 * `weekly_summary_sent_for` to the week's Monday only if it is still behind (the UPDATE's row lock
 * makes a second instance wait, then find it moved and send nothing) and writes the webhook event
 * in the same transaction (an outbox). The mails go after the commit: an instance stopped between
 * the two loses that week's mails, never sends them twice.
 */
export async function sendWeeklySummaries(
  ctx: Deps,
  now = new Date(),
): Promise<{ teams: number; mails: number }> {
  const week = lastWholeWeek(now);
  const run = { teams: 0, mails: 0 };
  const skipped: string[] = [];
  for (;;) {
    const [team] = await ctx.db.query<{ id: string; name: string }>(
      `SELECT id, name FROM teams WHERE ${DUE} AND id <> ALL($2::uuid[]) ORDER BY id LIMIT 1`,
      [week.from, skipped],
    );
    if (!team) return run;
    try {
      const summary = await buildWeeklySummary(ctx.db, team, week);
      const recipients = await ctx.db.transaction(async (tx) => {
        const claimed = await tx.query(
          `UPDATE teams SET weekly_summary_sent_for = $1::date WHERE id = $2 AND ${DUE} RETURNING id`,
          [week.from, team.id],
        );
        if (claimed.length === 0) return null;
        await enqueueTeamEvent(tx, team.id, 'summary.weekly', summary);
        return tx.query<{ email: string }>(
          `SELECT email FROM memberships
            WHERE team_id = $1 AND user_id IS NOT NULL AND weekly_summary_mail ORDER BY email`,
          [team.id],
        );
      });
      if (recipients === null) continue;
      run.teams++;
      for (const { email } of recipients) {
        try {
          await ctx.mailer.send(
            weeklySummaryEmail(email, summary, { publicUrl: ctx.config.PUBLIC_URL }),
          );
          run.mails++;
        } catch (err) {
          ctx.log.warn('weekly_summary_mail_failed', {
            team_id: team.id,
            message: (err as Error).message,
          });
        }
      }
      ctx.log.info('weekly_summary_sent', {
        team_id: team.id,
        week: week.from,
        mails: recipients.length,
      });
    } catch (err) {
      // Tried again at the next run; the other teams are not held up by this one.
      skipped.push(team.id);
      ctx.log.error('weekly_summary_failed', { team_id: team.id, message: (err as Error).message });
    }
  }
}
