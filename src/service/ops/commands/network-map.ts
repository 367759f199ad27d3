import { OpsFailure, UsageError, type OpsCommand } from '../command.js';
import type { NetworkMapStatus } from '../../../contract/operator.js';

/**
 * `network-map status`: the published maps and which extension runs which version (from their
 * last heartbeats). `network-map rollback [version]`: the map of that version (default: the one
 * before the current) published again as the next version, since extensions only move up.
 */
export const networkMapCommand: OpsCommand = {
  name: 'network-map',
  args: 'status | rollback [version]',
  summary: 'Show which extensions run which map version, or roll back to an earlier map.',
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub === 'status' && rest.length === 0) {
      for (const line of statusLines(await (await io.operator()).mapStatus())) io.out(line);
      return;
    }
    if (sub === 'rollback' && rest.length <= 1) {
      let version: number | undefined;
      if (rest.length === 1) {
        if (!/^[1-9]\d{0,8}$/.test(rest[0]!)) throw new UsageError(`'${rest[0]}' is not a version`);
        version = Number(rest[0]);
      }
      const api = await io.operator();
      const done = await api.rollBack(version);
      io.out(
        `Network map version ${done.version} is now current, carrying version ` +
          `${done.copied_from} (was ${done.previous})`,
      );
      io.err(`Published through ${api.via}; every extension takes it from its next heartbeat.`);
      return;
    }
    throw new UsageError(
      sub === undefined ? 'network-map needs status or rollback' : `Unknown network-map '${sub}'`,
    );
  },
};

/** A table an operator reads: the maps, then how many extensions run each version, then each. */
function statusLines(s: NetworkMapStatus): string[] {
  const current = s.maps[0];
  if (!current)
    throw new OpsFailure('No network map was published: extensions run their built-in one');
  const lines = [
    `Current network map: version ${current.version} (format ${current.format}` +
      `${current.copied_from === null ? '' : `, a rollback to version ${current.copied_from}`})`,
    '',
    'VERSION  FORMAT  PUBLISHED                 NOTE',
    ...s.maps.map(
      (m) =>
        `${String(m.version).padEnd(7)}  ${String(m.format).padEnd(6)}  ${m.created_at.padEnd(24)}  ` +
        (m.copied_from === null ? '' : `rollback to ${m.copied_from}`),
    ),
    '',
  ];
  const byVersion = new Map<string, number>();
  for (const e of s.extensions) {
    const v = e.network_map_version === null ? 'unknown' : String(e.network_map_version);
    byVersion.set(v, (byVersion.get(v) ?? 0) + 1);
  }
  lines.push(
    `Extensions by map version: ${
      [...byVersion].map(([v, n]) => `${v}: ${n}`).join(', ') || 'none has called in yet'
    }`,
  );
  if (s.extensions.length > 0) {
    const width = Math.max(6, ...s.extensions.map((e) => e.member_email.length));
    lines.push(
      '',
      `MAP      ${'MEMBER'.padEnd(width)}  EXTENSION  LAST HEARTBEAT            TEAM`,
      ...s.extensions.map(
        (e) =>
          `${String(e.network_map_version ?? '-').padEnd(7)}  ${e.member_email.padEnd(width)}  ` +
          `${(e.extension_version ?? '-').padEnd(9)}  ${e.last_heartbeat_at.padEnd(24)}  ` +
          `${e.team_name} (${e.team_id})`,
      ),
    );
  }
  return lines.map((l) => l.trimEnd());
}
