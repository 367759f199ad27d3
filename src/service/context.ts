import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import type { TaskSignals } from './tasks/task-signals.js';
import type { Logger } from './logger.js';
import type { CredentialCache } from './auth/credential-cache.js';
import type { ActivityMarks } from './auth/activity-marks.js';
import type { TeamChanges } from './live/team-changes.js';
import type { ServiceMetrics } from './metrics/service-metrics.js';
import type { AgentIdentity, KeyScope, ScopedKey, TeamRow } from './auth/identities.js';
import type { AiWrites } from '../contract/approvals.js';
import type { OutboundWork } from './http/outbound-work.js';
import type { FolderLock } from './db/folder-lock.js';
import type { OperatorCredential } from './auth/operator-credential.js';

/** Everything a route or job needs, built once at start-up (or per test) and passed down. */
export interface ServiceContext {
  db: Database;
  config: Config;
  /** 32 bytes; encrypts stored API keys. */
  secretKey: Buffer;
  mailer: Mailer;
  signals: TaskSignals;
  log: Logger;
  /** Verified API keys and agent tokens, kept a few seconds (auth/credential-cache.ts). */
  credentials: CredentialCache;
  /** Which members' activity marks are due (auth/activity-marks.ts). */
  activity: ActivityMarks;
  /** What changed for which team, for the live streams (live/team-changes.ts). */
  changes: TeamChanges;
  /** Outbound requests' deadline and shutdown signal; deliveries in flight (http/outbound-work.ts). */
  outbound: OutboundWork;
  /** Waiting claims and the figures GET /metrics reports (metrics/service-metrics.ts). */
  metrics: ServiceMetrics;
  /** Who may call the operator routes (auth/operator-credential.ts). */
  operator: OperatorCredential;
  /** The embedded database folder's lock, when this process opened one (db/folder-lock.ts). */
  folderLock?: FolderLock;
}

export type AppEnv = {
  Variables: {
    ctx: ServiceContext;
    team: TeamRow;
    /** Which key the call carries: the team's own, or one made for a purpose (auth/key-scope.ts). */
    keyScope: KeyScope;
    /** The key of one purpose the call carries; null with the team key. */
    scopedKey: ScopedKey | null;
    /** An `ai` key's write: the team's ai_writes, which the route follows; null otherwise. */
    aiWrites: AiWrites | null;
    agent: AgentIdentity;
  };
};
