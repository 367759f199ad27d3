import type { Database, Queryable } from '../db/database.js';
import { NetworkMap } from '../../contract/network-map.js';
import type { PublishedNetworkMap } from '../../contract/operator.js';

/**
 * Publishing a network map (docs/network-map.md, "Shipping a fix"): the ops CLI writes it here
 * directly, or through the running service's operator route. Every heartbeat reads the newest map
 * from the database (tasks/agent-heartbeat.ts), so every instance hands it out from the next one.
 */

/** The map was understood but cannot be published: its message is the operator's to read. */
export class MapRefused extends Error {}

/** Checks a map as the extensions will: the contract's first issue, where it is. */
export function parseNetworkMap(json: unknown): NetworkMap {
  const parsed = NetworkMap.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    throw new MapRefused(`not a valid network map: ${where}: ${issue.message}`);
  }
  return parsed.data;
}

/** Publishes a map whose version is greater than every published one. */
export async function publishNetworkMap(
  db: Database,
  map: NetworkMap,
): Promise<PublishedNetworkMap> {
  return db.transaction(async (tx) => {
    const previous = await lockedCurrentVersion(tx);
    if (previous !== null && map.version <= previous) {
      throw new MapRefused(
        `Refused: version ${map.version} is not greater than the current version ${previous}`,
      );
    }
    await insert(tx, map, null);
    return { version: map.version, format: map.format, previous, copied_from: null };
  });
}

/**
 * Goes back to an earlier map (by default the one before the current): its content is published
 * again as the next version, so every extension, which keeps the highest version it has seen,
 * takes it from its next heartbeat. The copy must still pass today's contract.
 */
export async function rollBackNetworkMap(db: Database, to?: number): Promise<PublishedNetworkMap> {
  return db.transaction(async (tx) => {
    const previous = await lockedCurrentVersion(tx);
    if (previous === null) throw new MapRefused('Refused: no network map was ever published');
    if (to !== undefined && to >= previous) {
      throw new MapRefused(
        `Refused: version ${to} is not earlier than the current version ${previous}`,
      );
    }
    const [row] = await tx.query<{ version: number; map: Record<string, unknown> }>(
      to === undefined
        ? 'SELECT version, map FROM network_maps WHERE version < $1 ORDER BY version DESC LIMIT 1'
        : 'SELECT version, map FROM network_maps WHERE version = $1',
      [to ?? previous],
    );
    if (!row) {
      throw new MapRefused(
        to === undefined
          ? `Refused: version ${previous} is the only published map; nothing to roll back to`
          : `Refused: no network map version ${to} was published`,
      );
    }
    const version = previous + 1;
    let map: NetworkMap;
    try {
      map = parseNetworkMap({ ...row.map, version });
    } catch (err) {
      throw new MapRefused(`Refused: version ${row.version} is ${(err as Error).message}`);
    }
    await insert(tx, map, row.version);
    return { version, format: map.format, previous, copied_from: row.version };
  });
}

async function lockedCurrentVersion(tx: Queryable): Promise<number | null> {
  // Two operators publishing at once must not both pass the version check.
  await tx.query('LOCK TABLE network_maps IN SHARE ROW EXCLUSIVE MODE');
  const [row] = await tx.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM network_maps',
  );
  return row?.version ?? null;
}

async function insert(tx: Queryable, map: NetworkMap, copiedFrom: number | null): Promise<void> {
  await tx.query(
    'INSERT INTO network_maps (version, format, map, copied_from) VALUES ($1, $2, $3, $4)',
    [map.version, map.format, JSON.stringify(map), copiedFrom],
  );
}
