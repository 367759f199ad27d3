import { z } from './zod.js';
import { int32 } from './integers.js';
import { OperationHealthView } from './operation-health-view.js';

/**
 * The operator routes (docs/operations.md, "Publishing a network map while the service runs"):
 * what the ops CLI sends the running service and what it answers. Not part of the team API.
 */

/** A map published (or a rollback, published as a new version carrying an older map's content). */
export const PublishedNetworkMap = z.object({
  version: int32({ min: 1 }),
  format: int32({ min: 1 }),
  /** The version that was current before, null when there was none. */
  previous: z.nullable(int32()),
  /** For a rollback: the version whose content this one carries. */
  copied_from: z.nullable(int32()),
});
export type PublishedNetworkMap = z.infer<typeof PublishedNetworkMap>;

export const NetworkMapRollbackBody = z.object({
  /** The version to go back to; absent: the one before the current one. */
  version: z.optional(int32({ min: 1 }, "Invalid 'version': must be a map version")),
});

/** Which maps there are and which extensions run which version, from their last heartbeat. */
export const NetworkMapStatus = z.object({
  maps: z.array(
    z.object({
      version: int32(),
      format: int32(),
      copied_from: z.nullable(int32()),
      created_at: z.string(),
    }),
  ),
  extensions: z.array(
    z.object({
      team_id: z.string(),
      team_name: z.string(),
      member_email: z.string(),
      extension_version: z.nullable(z.string()),
      /** The map version the extension said it runs; null before it reported one. */
      network_map_version: z.nullable(int32()),
      last_heartbeat_at: z.string(),
    }),
  ),
});
export type NetworkMapStatus = z.infer<typeof NetworkMapStatus>;

/**
 * Every extension with operations not known to be whole (reported so, or unknown since its reports
 * stopped naming them), per team and member.
 */
export const NetworkHealthReport = z.object({
  extensions: z.array(
    z.object({
      team_id: z.string(),
      team_name: z.string(),
      member_email: z.string(),
      extension_version: z.nullable(z.string()),
      network_map_version: z.nullable(int32()),
      last_heartbeat_at: z.nullable(z.string()),
      operation_health: z.array(OperationHealthView),
    }),
  ),
});
export type NetworkHealthReport = z.infer<typeof NetworkHealthReport>;
