import { UsageError, type OpsCommand } from '../command.js';
import { operationHealthLines } from '../../../contract/operation-health-words.js';

/**
 * `network-health`: what the extensions' last heartbeats say is not whole, per team and member
 * (docs/network-map.md, "Repairing a drift"): which operation lacks which field, which way fails.
 */
export const networkHealthCommand: OpsCommand = {
  name: 'network-health',
  args: '',
  summary: 'Show the operations whose answers lack required fields or whose ways fail.',
  async run(args, io) {
    if (args.length > 0) throw new UsageError('network-health takes no arguments');
    const { extensions } = await (await io.operator()).networkHealth();
    if (extensions.length === 0) {
      io.out('Every extension reports whole answers.');
      return;
    }
    const time = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');
    for (const e of extensions) {
      io.out(
        `${e.team_name} (${e.team_id}) · ${e.member_email} · extension ${e.extension_version ?? '-'}` +
          ` · map version ${e.network_map_version ?? '-'} · last heartbeat ${e.last_heartbeat_at ?? '-'}`,
      );
      for (const h of e.operation_health)
        for (const line of operationHealthLines(h, time)) io.out(`  ${h.state}: ${line}`);
    }
  },
};
