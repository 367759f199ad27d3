import { readFile } from 'node:fs/promises';
import { NetworkMap } from '../../../contract/network-map.js';
import { OpsFailure, UsageError, type OpsCommand } from '../command.js';

/**
 * docs/network-map.md "Shipping a fix": when the network retires a finder, moves a field or wants
 * another body, the operator publishes a new map and the extensions pick it up from their next
 * heartbeat answer. Versions only grow: an extension keeps the highest it has seen, so an older
 * number would never arrive.
 */
export const setNetworkMapCommand: OpsCommand = {
  name: 'set-network-map',
  args: '<file.json>',
  summary: 'Publish a network map (validated; its version must be greater than the current one).',
  async run(args, io) {
    if (args.length !== 1) throw new UsageError('set-network-map needs exactly one argument');
    const file = args[0]!;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw new OpsFailure(`Cannot read ${file}: ${(err as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new OpsFailure(`${file} is not valid JSON: ${(err as Error).message}`);
    }
    const parsed = NetworkMap.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
      throw new OpsFailure(`${file} is not a valid network map: ${where}: ${issue.message}`);
    }
    const map = parsed.data;
    const { db } = await io.context();
    const current = await db.transaction(async (tx) => {
      // Two operators publishing at once must not both pass the version check.
      await tx.query('LOCK TABLE network_maps IN SHARE ROW EXCLUSIVE MODE');
      const [row] = await tx.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM network_maps',
      );
      const version = row?.version ?? null;
      if (version !== null && map.version <= version) {
        throw new OpsFailure(
          `Refused: version ${map.version} is not greater than the current version ${version}`,
        );
      }
      await tx.query('INSERT INTO network_maps (version, format, map) VALUES ($1, $2, $3)', [
        map.version,
        map.format,
        JSON.stringify(map),
      ]);
      return version;
    });
    io.out(
      `Network map version ${map.version} is now current${current === null ? '' : ` (was ${current})`}`,
    );
  },
};
