import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import type { TaskType } from '../../contract/task-types.js';
import {
  DEFAULT_BUDGETS,
  DEFAULT_PACING,
  type BudgetLimit,
  type Pacing,
} from '../../contract/budgets.js';
import type { PatchTeamBody } from '../../contract/budget-settings.js';
import { effectivePacing } from './team-settings.js';
import { DEFAULT_WITHDRAW_AFTER_DAYS } from './hygiene.js';
import { resumeTeamWrites, writesPause } from './team-pause.js';
import { utcWords } from './words.js';

const RISK = 'send "i_accept_the_risk": true to allow it';

/**
 * Applies an admin's PATCH /api-team: budgets merged per task type and window (null resets a type
 * to the defaults), pacing merged per field (null resets it). Safer than the default is always
 * allowed; riskier (a higher limit, no limit where the default has one, a shorter gap) needs the
 * risk accepted, else 400 naming the field.
 */
export async function patchTeamSafety(
  tx: Queryable,
  teamId: string,
  body: PatchTeamBody,
): Promise<void> {
  const [row] = await tx.query<{
    budgets: Record<string, Partial<BudgetLimit>>;
    pacing: Partial<Pacing>;
  }>('SELECT budgets, pacing FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
  const budgets = { ...(row?.budgets ?? {}) };
  for (const [type, change] of Object.entries(body.budgets ?? {}) as [
    TaskType,
    Partial<BudgetLimit> | null | undefined,
  ][]) {
    if (change === undefined) continue;
    if (change === null) {
      delete budgets[type];
      continue;
    }
    const next = { ...budgets[type] };
    for (const window of ['per_day', 'per_week'] as const) {
      const value = change[window];
      if (value === undefined) continue;
      const dflt = DEFAULT_BUDGETS[type][window];
      const riskier = dflt !== null && (value === null || value > dflt);
      if (riskier && !body.i_accept_the_risk) {
        const what = value === null ? 'no limit' : String(value);
        throw new HttpError(
          400,
          `Invalid 'budgets.${type}.${window}': ${what} is above the default of ${dflt}; ${RISK}`,
        );
      }
      if (value === dflt) delete next[window];
      else next[window] = value;
    }
    if (Object.keys(next).length) budgets[type] = next;
    else delete budgets[type];
  }

  let pacing: Partial<Pacing> = { ...(row?.pacing ?? {}) };
  if (body.pacing === null) pacing = {};
  else if (body.pacing) {
    for (const [field, value] of Object.entries(body.pacing) as [
      keyof Pacing,
      number | undefined,
    ][]) {
      if (value === undefined) continue;
      if (value < DEFAULT_PACING[field] && !body.i_accept_the_risk) {
        throw new HttpError(
          400,
          `Invalid 'pacing.${field}': ${value} s is shorter than the default of ${DEFAULT_PACING[field]} s; ${RISK}`,
        );
      }
      if (value === DEFAULT_PACING[field]) delete pacing[field];
      else pacing[field] = value;
    }
  }
  const merged = effectivePacing(pacing);
  for (const kind of ['write', 'read'] as const) {
    if (merged[`${kind}_min_s`] > merged[`${kind}_max_s`]) {
      throw new HttpError(
        400,
        `Invalid 'pacing': ${kind}_min_s (${merged[`${kind}_min_s`]}) is above ${kind}_max_s (${merged[`${kind}_max_s`]})`,
      );
    }
  }
  await checkHygieneRisk(tx, teamId, body);
  await tx.query(
    `UPDATE teams SET budgets = $2, pacing = $3, contact_window_days = COALESCE($4, contact_window_days),
            ai_writes = COALESCE($5, ai_writes), weekly_summary = COALESCE($6, weekly_summary),
            withdraw_pending_after_days = COALESCE($7, withdraw_pending_after_days),
            team_stops_together = COALESCE($8, team_stops_together) WHERE id = $1`,
    [
      teamId,
      JSON.stringify(budgets),
      JSON.stringify(pacing),
      body.contact_window_days ?? null,
      body.ai_writes ?? null,
      body.weekly_summary ?? null,
      body.withdraw_pending_after_days ?? null,
      body.team_stops_together ?? null,
    ],
  );
  if (body.resume_writes) await resumeTeamWrites(tx, teamId);
}

/**
 * docs/budgets.md "Hygiene" and "The team stops together": withdrawing later than the default or
 * never, letting the team go on after one member's challenge, and resuming paused writes early are
 * riskier, so each needs the risk accepted.
 */
async function checkHygieneRisk(tx: Queryable, teamId: string, body: PatchTeamBody) {
  if (body.i_accept_the_risk) return;
  const days = body.withdraw_pending_after_days;
  if (days !== undefined && (days === 0 || days > DEFAULT_WITHDRAW_AFTER_DAYS)) {
    const what = days === 0 ? '0 (never)' : `${days} days`;
    throw new HttpError(
      400,
      `Invalid 'withdraw_pending_after_days': ${what} is later than the default of ${DEFAULT_WITHDRAW_AFTER_DAYS} days; ${RISK}`,
    );
  }
  if (body.team_stops_together === false) {
    throw new HttpError(
      400,
      `Invalid 'team_stops_together': false lets the others go on writing after one member's account is challenged; ${RISK}`,
    );
  }
  if (body.resume_writes) {
    const pause = await writesPause(tx, teamId);
    if (pause) {
      throw new HttpError(
        400,
        `Invalid 'resume_writes': the team's writes are paused until ${utcWords(new Date(pause.until))} after ${pause.member_email ?? 'a member'}'s ${pause.signal}; ${RISK}`,
      );
    }
  }
}
