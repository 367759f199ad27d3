import { AGENT_ACTIVE_WINDOW_HOURS } from '../../tasks/agent-active.js';
import { UsageError, type OpsCommand } from '../command.js';

export const listTeamsCommand: OpsCommand = {
  name: 'list-teams',
  args: '',
  summary:
    'List every team: id, plan, members, admins, invitations, agent activity, key rotation, name.',
  async run(args, io) {
    if (args.length > 0) throw new UsageError('list-teams takes no arguments');
    const { db } = await io.context();
    const rows = await db.query<{
      id: string;
      name: string;
      plan: string;
      members: number;
      admins: number;
      invited: number;
      agent_active: boolean;
      key_rotated: string;
      created: string;
    }>(
      `SELECT t.id, t.name, t.plan,
              count(m.user_id)::int AS members,
              count(m.user_id) FILTER (WHERE m.role = 'admin')::int AS admins,
              count(*) FILTER (WHERE m.email IS NOT NULL AND m.user_id IS NULL)::int AS invited,
              coalesce(bool_or(m.last_active_at > now() - make_interval(hours => ${AGENT_ACTIVE_WINDOW_HOURS})), false) AS agent_active,
              to_char(t.api_key_rotated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS key_rotated,
              to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created
         FROM teams t LEFT JOIN memberships m ON m.team_id = t.id
        GROUP BY t.id ORDER BY t.created_at, t.id`,
    );
    const table = [
      [
        'ID',
        'PLAN',
        'MEMBERS',
        'ADMINS',
        'INVITED',
        'AGENT',
        'KEY ROTATED (UTC)',
        'CREATED',
        'NAME',
      ],
      ...rows.map((r) => [
        r.id,
        r.plan,
        String(r.members),
        String(r.admins),
        String(r.invited),
        r.agent_active ? 'active' : 'inactive',
        r.key_rotated,
        r.created,
        r.name,
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table)
      io.out(
        row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '),
      );
    io.err(`${rows.length} team${rows.length === 1 ? '' : 's'}`);
  },
};
