import type { Database } from '../db/database.js';
import {
  NetworkHealthReport,
  NetworkMapStatus,
  PublishedNetworkMap,
} from '../../contract/operator.js';
import { MapRefused, publishNetworkMap, rollBackNetworkMap } from '../network-map/publish.js';
import { networkMapStatus } from '../network-map/status.js';
import { networkHealthReport } from '../network-health/report.js';
import { OpsFailure, type OperatorApi } from './command.js';
import type { z } from '../../contract/zod.js';

/**
 * What the map commands do, the same two ways: on the database directly (PostgreSQL, or an
 * embedded database no service holds), or through the running service's operator routes when it
 * holds the embedded database (routes/operator.ts). A refusal is an OpsFailure either way.
 */

export function directOperatorApi(db: Database): OperatorApi {
  return {
    via: 'the database',
    publish: (map) => refusal(publishNetworkMap(db, map)),
    rollBack: (version) => refusal(rollBackNetworkMap(db, version)),
    mapStatus: () => networkMapStatus(db),
    networkHealth: () => networkHealthReport(db),
  };
}

export function serviceOperatorApi(url: string, token: string): OperatorApi {
  // A service listening on every address is reached on this machine's loopback.
  const base = url.replace(/\/\/(0\.0\.0\.0|\[::\])(?=:)/, '//127.0.0.1');
  async function call<S extends z.ZodMiniType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new OpsFailure(
        `Cannot reach the running service at ${base}: ${(err as Error).message}`,
      );
    }
    const json = (await res.json().catch(() => null)) as { error?: string } | null;
    if (!res.ok) {
      const why = json?.error ?? `HTTP ${res.status}`;
      throw new OpsFailure(
        res.status === 401
          ? `The service at ${base} refused the operator token (${why}): set OPERATOR_TOKEN as the service has it`
          : why,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new OpsFailure(`The service at ${base} answered an unknown shape`);
    return parsed.data as z.output<S>;
  }
  return {
    via: `the service at ${base}`,
    publish: (map) => call(PublishedNetworkMap, 'POST', '/ops/network-map', map),
    rollBack: (version) =>
      call(
        PublishedNetworkMap,
        'POST',
        '/ops/network-map/rollback',
        version === undefined ? {} : { version },
      ),
    mapStatus: () => call(NetworkMapStatus, 'GET', '/ops/network-map/status'),
    networkHealth: () => call(NetworkHealthReport, 'GET', '/ops/network-health'),
  };
}

async function refusal<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof MapRefused) throw new OpsFailure(err.message);
    throw err;
  }
}
