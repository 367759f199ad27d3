import { readFile } from 'node:fs/promises';
import type { NetworkMap } from '../../../contract/network-map.js';
import { parseNetworkMap } from '../../network-map/publish.js';
import { OpsFailure, UsageError, type OpsCommand } from '../command.js';

/**
 * docs/network-map.md "Shipping a fix": when the network retires a finder, moves a field or wants
 * another body, the operator publishes a new map and the extensions pick it up from their next
 * heartbeat answer. Versions only grow: an extension keeps the highest it has seen, so an older
 * number would never arrive (`network-map rollback` republishes an older map as a new version).
 * While the service holds the embedded database, the map goes through it (ops/operator-api.ts).
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
    let map: NetworkMap;
    try {
      map = parseNetworkMap(json);
    } catch (err) {
      throw new OpsFailure(`${file} is ${(err as Error).message}`);
    }
    const api = await io.operator();
    const published = await api.publish(map);
    io.out(
      `Network map version ${published.version} is now current` +
        `${published.previous === null ? '' : ` (was ${published.previous})`}`,
    );
    io.err(`Published through ${api.via}; every extension takes it from its next heartbeat.`);
  },
};
