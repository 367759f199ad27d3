import { z } from './zod.js';
import { strictBody } from './common.js';
import { EnrollBody } from './sequences.js';

/**
 * The arguments the MCP tools add to the REST bodies they share (docs/mcp.md): how long a read that
 * runs on the network waits for its task, which watchlists to list, which sequence to enroll in.
 */

const MAX_WAIT_SECONDS = 55;
export const DEFAULT_WAIT_SECONDS = 25;
const waitMessage = `Invalid 'wait_seconds': must be a whole number from 0 to ${MAX_WAIT_SECONDS}`;
export const WaitSecondsField = z.optional(
  z
    .number({ error: waitMessage })
    .check(
      z.int({ error: waitMessage }),
      z.gte(0, { error: waitMessage }),
      z.lte(MAX_WAIT_SECONDS, { error: waitMessage }),
    ),
);

export const WATCHLIST_KINDS = ['keyword', 'people', 'company'] as const;
export const ListWatchlistsArgs = strictBody({
  kind: z.optional(
    z.enum(WATCHLIST_KINDS, {
      error: `Invalid 'kind': must be one of ${WATCHLIST_KINDS.join(', ')}`,
    }),
  ),
  id: z.optional(
    z.string().check(z.maxLength(200, { error: "Invalid 'id': must be 200 characters or fewer" })),
  ),
});

export const EnrollArgs = strictBody({
  sequence_id: z.uuid({ error: 'Invalid sequence id' }),
  profiles: EnrollBody.shape.profiles,
});

export const WaitArgs = z.object({ wait_seconds: WaitSecondsField });
