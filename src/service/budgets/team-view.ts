import type { Queryable } from '../db/database.js';
import type { MemberView, TeamView } from '../../contract/members.js';
import { loadTeamSettings, teamBudgetsView } from './team-settings.js';
import { pendingTasks, TeamSafety } from './safety.js';
import { writesPause } from './team-pause.js';
import type { WritesPaused } from '../../contract/team-pause.js';

/** GET /api-team's safety parts: the team's budgets and pace, and each joined member's state. */
export async function withSafety(
  db: Queryable,
  teamId: string,
  members: MemberView[],
): Promise<{
  budgets: TeamView['team']['budgets'];
  pacing: TeamView['team']['pacing'];
  contactWindowDays: number;
  aiWrites: TeamView['team']['ai_writes'];
  weeklySummary: boolean;
  withdrawPendingAfterDays: number;
  teamStopsTogether: boolean;
  writesPaused: WritesPaused | null;
  members: MemberView[];
}> {
  const [settings, safety, pending, paused] = await Promise.all([
    loadTeamSettings(db, teamId),
    TeamSafety.load(db, teamId),
    pendingTasks(db, teamId),
    writesPause(db, teamId),
  ]);
  const out: MemberView[] = [];
  for (const m of members)
    out.push({ ...m, safety: m.user_id ? await safety.memberSafety(m.user_id, pending) : null });
  return {
    budgets: teamBudgetsView(settings.budgets),
    pacing: settings.pacing,
    contactWindowDays: settings.contactWindowDays,
    aiWrites: settings.aiWrites,
    weeklySummary: settings.weeklySummary,
    withdrawPendingAfterDays: settings.withdrawPendingAfterDays,
    teamStopsTogether: settings.teamStopsTogether,
    writesPaused: paused,
    members: out,
  };
}
