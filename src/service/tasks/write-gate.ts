import { PREPARED, type Queryable } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import { REFUSABLE_TYPES, taskKind } from '../../contract/task-kinds.js';
import type { PersonRef } from '../outreach/person-keys.js';
import type { RecentContact } from '../outreach/recent-contact.js';
import {
  type OutreachKind,
  type OutreachVerdict,
  outreachVerdict,
  type Refusal,
} from '../outreach/refusal.js';
import { outreachVerdictForTask, type PostAuthorFacts } from '../outreach/task-refusal.js';
import { agentActiveSql, notAgentActive } from './agent-active.js';
import type { QueuedBy } from './enqueue.js';

/**
 * Who asks for a write: whoever queues it (enqueue.ts), or a person approving a write that awaited
 * approval (approvals/decide.ts).
 */
type WriteAsker = QueuedBy | { kind: 'approval'; userId: string };

/** One write (or a sequence's step) about to be queued in a member's name. */
export interface GatedWrite {
  teamId: string;
  type: TaskType;
  /** The task's input, as it will be queued. */
  input: Record<string, unknown>;
  /** The member it runs as. */
  assignedUserId: string;
  by: WriteAsker;
  /**
   * The call came with an `ai` key (auth/key-scope.ts): an AI client's, which never forces, even
   * with a member's agent token beside it.
   */
  aiKey?: boolean;
  /** Pass the contact window (a person only; never the do-not-contact list). */
  force?: boolean;
  /** The routed member hit the network's weekly invitation limit (routing.ts). */
  inviteLimited?: boolean;
  /** Queue it awaiting a person's approval (an AI client under `ai_writes: approve`). */
  awaitApproval?: boolean;
  /** The post's author columns, when the caller read the post already. */
  post?: PostAuthorFacts | null;
  /** A sequence's step: the enrolled person and what the step is to them (its reads included). */
  person?: { ref: PersonRef; kind: OutreachKind };
}

/** What the gate decided (docs/team-pool.md "The gate"). */
type GateVerdict =
  | {
      pass: true;
      /** The member turned this kind off: queued, it fails at once (`refused_by_member`). */
      refusedKind: boolean;
      /** The recent contact a person's force (or approval) went past, for the task to keep. */
      forcedOver: RecentContact | null;
      awaitApproval: boolean;
    }
  | {
      pass: false;
      status: 403 | 409 | 429;
      code: 'force_denied' | 'invite_limited' | 'agent_inactive' | Refusal['code'];
      error: string;
      /** The outreach checks' refusal (409), which a sequence shows as why the person left. */
      refusal: Refusal | null;
    };

const FORCE_DENIED =
  'Access denied: only a signed-in member may force past the contact window (not a key alone, nor an ai key); leave force out, or ask a member to send it';

const INVITE_LIMITED = 'LinkedIn invitation limit reached';

/**
 * Whether the asker is a person signed in: a call that carries a member's agent token with a key
 * that is not an `ai` key (the dashboard; an MCP client the member connected with their own
 * token), or a member approving. A key alone, an `ai` key, a sequence, the sync and the
 * watchlists are not, and may not force.
 */
function isPerson(w: Pick<GatedWrite, 'by' | 'aiKey'>): boolean {
  const { by } = w;
  if (by.kind === 'approval') return true;
  if (w.aiKey) return false;
  return by.kind === 'member' || (by.kind === 'mcp' && by.userId !== null);
}

/**
 * Where the 48-hour rule answers at once: a caller waiting for an answer. A sequence's step is not
 * refused by it: its task waits for the sender's extension like the collection's.
 */
const answersAtOnce = (by: WriteAsker) => by.kind !== 'sequence';

const REFUSABLE = new Set<TaskType>(REFUSABLE_TYPES);

/** The member's refused kinds and the team's 48-hour rule, in one statement. */
const MEMBER_AND_TEAM_SQL = `SELECT m.refused_types, ${agentActiveSql('$1::uuid')} AS active
       FROM (SELECT 1) AS one
       LEFT JOIN memberships m ON m.team_id = $1 AND m.user_id = $2`;

/**
 * The one gate every write in a member's name passes before it is queued, on every path (REST with
 * the key or the dashboard's key and token, MCP, sequences, approval). Its checks, in this order:
 *
 * 1. force: only a person may send it (403 `FORCE_DENIED`);
 * 2. consent: a kind the member turned off is queued failed at once (`refused_by_member`, by the
 *    insert); a member who has not acknowledged the consent text yet is no refusal: it waits;
 * 3. the do-not-contact list: the person, their company, a post's author (409);
 * 4. the contact window: another member's recent invitation or message (409), unless a person
 *    forced it, whose contact the task then keeps (`forced_over`);
 * 5. budgets: the network's invitation limit (429); a spent budget is no refusal: the task waits;
 * 6. the 48-hour rule (403), except for a sequence's step;
 * 7. approval: an AI client's write awaits a person's approval.
 *
 * One statement reads the member and the team (2 and 6) and one the list and the window (3 and 4);
 * a kind with no outreach check reads no list, and a read no member.
 */
export async function writeGate(db: Queryable, w: GatedWrite): Promise<GateVerdict> {
  if (w.force && !isPerson(w))
    return { pass: false, status: 403, code: 'force_denied', error: FORCE_DENIED, refusal: null };
  const checksActive = answersAtOnce(w.by);
  let active = true;
  if (REFUSABLE.has(w.type) || checksActive) {
    const [row] = await db.query<{ refused_types: TaskType[] | null; active: boolean }>(
      MEMBER_AND_TEAM_SQL,
      [w.teamId, w.assignedUserId],
      PREPARED,
    );
    if (row?.refused_types?.includes(w.type))
      return { pass: true, refusedKind: true, forcedOver: null, awaitApproval: false };
    active = row?.active === true;
  }
  const outreach = await outreachChecks(db, w);
  const refusal = outreach.refusal;
  if (refusal) return { pass: false, status: 409, ...refusal, refusal };
  if (w.inviteLimited && taskKind(w.type).contact === 'invitation')
    return { pass: false, status: 429, code: 'invite_limited', error: INVITE_LIMITED, refusal };
  if (checksActive && !active) {
    const error = notAgentActive().message;
    return { pass: false, status: 403, code: 'agent_inactive', error, refusal };
  }
  return {
    pass: true,
    refusedKind: false,
    forcedOver: outreach.forcedOver,
    awaitApproval: w.awaitApproval === true,
  };
}

/** Steps 3 and 4: the enrolled person of a sequence's step, or the task's own target. */
function outreachChecks(db: Queryable, w: GatedWrite): Promise<OutreachVerdict> {
  const force = w.force === true;
  if (w.person) {
    return outreachVerdict(db, w.teamId, w.person.ref, {
      kind: w.person.kind,
      userId: w.assignedUserId,
      force,
    });
  }
  return outreachVerdictForTask(db, w.teamId, w.type, w.input, w.assignedUserId, {
    force,
    post: w.post,
  });
}
