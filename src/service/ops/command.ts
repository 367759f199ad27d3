import type { ServiceContext } from '../context.js';
import type { NetworkMap } from '../../contract/network-map.js';
import type {
  NetworkHealthReport,
  NetworkMapStatus,
  PublishedNetworkMap,
} from '../../contract/operator.js';

/** What a command writes to: stdout for results (a new key may be piped), stderr for the rest. */
export interface OpsIo {
  out(line: string): void;
  err(line: string): void;
  /** The service's context from the same configuration; opened on first use, closed by the runner. */
  context(): Promise<ServiceContext>;
  /**
   * The map commands' way in: through the running service when it holds the embedded database,
   * else on the database directly (ops/operator-api.ts).
   */
  operator(): Promise<OperatorApi>;
}

/** One operator command, one file under ops/commands/, listed in ops/commands/index.ts. */
export interface OpsCommand {
  name: string;
  /** Arguments after the name, e.g. `<team id or member e-mail>`. */
  args: string;
  summary: string;
  run(args: string[], io: OpsIo): Promise<void>;
}

/** The operator typed something the CLI does not understand: one line, exit code 2. */
export class UsageError extends Error {}

/** The command was understood but could not be done (unknown team, stale map version): exit code 1. */
export class OpsFailure extends Error {}

/**
 * What the map and health commands do, on the database directly or through the running service
 * (ops/operator-api.ts). A refusal is an OpsFailure either way.
 */
export interface OperatorApi {
  /** Where the command acts, for its output: `the database` or `the service at <url>`. */
  via: string;
  publish(map: NetworkMap): Promise<PublishedNetworkMap>;
  rollBack(version?: number): Promise<PublishedNetworkMap>;
  mapStatus(): Promise<NetworkMapStatus>;
  networkHealth(): Promise<NetworkHealthReport>;
}
