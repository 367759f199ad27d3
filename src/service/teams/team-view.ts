import type { Queryable } from '../db/database.js';
import type { MemberView } from '../../contract/members.js';
import { AGENT_ACTIVE_WINDOW_HOURS } from '../tasks/agent-active.js';
import { CONSENT_COLUMNS, toConsent } from '../consent/member-consent.js';
import {
  FACTOR_COLUMNS,
  healthOf,
  warmUpOf,
  type FactorRow,
  withoutFactorColumns,
} from '../budgets/member-factor-view.js';
import {
  type KeptOperationHealth,
  operationHealthView,
} from '../network-health/operation-health-state.js';

type MemberRow = Omit<
  MemberView,
  | 'joined_at'
  | 'last_active_at'
  | 'invite_limited_until'
  | 'consent_acknowledged_at'
  | 'consent_current'
  | 'warm_up'
  | 'health'
  | 'operation_health'
> &
  Parameters<typeof toConsent>[0] &
  FactorRow & {
    joined_at: Date | null;
    last_active_at: Date | null;
    invite_limited_until: Date | null;
    operation_health: KeptOperationHealth[];
  };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const MEMBER_SELECT = `
  SELECT m.user_id, m.email, u.full_name, m.role,
         CASE WHEN m.user_id IS NULL THEN 'invited' ELSE 'active' END AS status,
         m.joined_at, m.last_active_at,
         coalesce(m.last_active_at > now() - make_interval(hours => ${AGENT_ACTIVE_WINDOW_HOURS}), false) AS agent_active,
         m.network_signed_in, m.network_public_identifier, m.paused, m.extension_version, m.invite_limited_until,
         m.network_map_version, m.network_health, m.operation_health, m.weekly_summary_mail, ${CONSENT_COLUMNS},
         ${FACTOR_COLUMNS}
    FROM memberships m LEFT JOIN users u ON u.id = m.user_id`;

function toView({ consent_acknowledged_at, ...row }: MemberRow): MemberView {
  const r = withoutFactorColumns(row);
  const consent = toConsent({ ...r, consent_acknowledged_at });
  return {
    ...r,
    warm_up: warmUpOf(row),
    health: r.user_id === null ? null : healthOf(row),
    joined_at: iso(r.joined_at),
    last_active_at: iso(r.last_active_at),
    invite_limited_until: iso(r.invite_limited_until),
    operation_health: r.operation_health.map(operationHealthView),
    consent_acknowledged_at: iso(consent_acknowledged_at),
    consent_current: r.user_id !== null && consent.acknowledged,
    refused_types: consent.refusedTypes,
  };
}

/** The team's members, oldest first by joined_at (the routing order of admins); invitations last. */
export async function listMembers(db: Queryable, teamId: string): Promise<MemberView[]> {
  const rows = await db.query<MemberRow>(
    `${MEMBER_SELECT} WHERE m.team_id = $1 ORDER BY m.joined_at ASC NULLS LAST, m.invited_at ASC, m.email ASC`,
    [teamId],
  );
  return rows.map(toView);
}

export async function getMember(
  db: Queryable,
  teamId: string,
  email: string,
): Promise<MemberView | null> {
  const [row] = await db.query<MemberRow>(
    `${MEMBER_SELECT} WHERE m.team_id = $1 AND m.email = $2`,
    [teamId, email],
  );
  return row ? toView(row) : null;
}
