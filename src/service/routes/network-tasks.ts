import { Hono } from 'hono';
import type { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import { TaskCreatedResponse } from '../../contract/network-tasks.js';
import type { Contact } from '../../contract/task-kinds.js';
import { queueNetworkTask } from '../tasks/queue-network-task.js';
import { awaitsApproval, queuedBy } from '../auth/queued-by.js';
import { awaitingApprovalWords } from '../approvals/ai-writes.js';
import { registerOutreachHooks } from '../outreach/people-filing.js';

registerOutreachHooks();

const LISTED =
  '`Refused: this person is on the team’s do-not-contact list …` (or works at a listed company)';
const CONTACTED =
  '`Refused: this person was contacted by <email> on <date> …`: another member invited or messaged them within the team’s contact window; `force: true` queues it anyway';
const AUTHOR_LISTED =
  '`Refused: the post’s author is on the team’s do-not-contact list …` (a person or a company page, or they work at a listed company)';
const WITHDRAWN =
  '`Refused: an invitation to this person was withdrawn on <date>; the network refuses a new one until <date>`: any member withdrew one within 21 days (docs/budgets.md, "Hygiene")';
const PENDING =
  '`Refused: this person already has a pending invitation from <email> (sent <date>)`: a member’s invitation to them waits for an answer, or is queued; `force` does not pass it';
/** The outreach checks' refusals (docs/team-pool.md), per contact a kind makes (`contact`). */
const OUTREACH_ERRORS: Record<Contact, string> = {
  invitation: `${LISTED}, or ${CONTACTED}, or ${WITHDRAWN}, or ${PENDING}`,
  message: `${LISTED}, or for a new message ${CONTACTED}`,
  comment: AUTHOR_LISTED,
  like: AUTHOR_LISTED,
};
/** A body that takes `force: true`, which only a person may send. */
const forceable = (body: unknown) => 'force' in (body as { shape: object }).shape;
const FORCE_403 =
  ', or `Access denied: only a signed-in member may force past the contact window …`: `force` sent with the key alone (no member’s agent token) or with an `ai` key';

const MEMBER_NOTE =
  ' Runs in the browser of the member `member_email` names (default: the team’s oldest admin by date of joining); ' +
  'a member outside the team is a 404.';
/** docs/api.md "member_email": every task takes it; without it, the kind's own routing. */
const NAMED_NOTE = (adminRun: boolean) =>
  ` With \`member_email\`, runs in the browser of the member it names instead (a member outside the team is a 404; ` +
  `one who turned this kind off gets it failed at once, \`refused_by_member\`)${adminRun ? '' : '; without it, any member’s'}.`;

const ASYNC_NOTE =
  'Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. ' +
  'Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result. ' +
  'The task records who queued it (the key, or the member whose agent token the call also carries), which its member sees. ' +
  'With an `ai` key, a write in a member’s name follows the team’s `ai_writes`: under `approve` (the default) it waits for a ' +
  'person’s approval (`/api-approvals`), under `off` it is refused (403).';

/**
 * The `/network-agent/` task operations (spec "Direct network tasks"). Checks in this order:
 * API key (401), body (400); a read: the 48-hour rule (403), routing (404); a write in a member's
 * name: routing (404), then the write gate (tasks/write-gate.ts, docs/team-pool.md "The gate").
 */
export const networkTaskRoutes = new Hono<AppEnv>();

for (const name of Object.keys(NETWORK_ENDPOINTS) as NetworkEndpoint[]) {
  const endpoint = NETWORK_ENDPOINTS[name];
  const { kind } = endpoint;
  const adminRun = endpoint.runsAs === 'oldest_admin';
  const memberRun = endpoint.runsAs === 'member';
  const errors: Record<number, string> = {
    401: '`Missing API Key` or `Invalid API Key`',
    403: '`Plugin installation required: …`: no member’s extension was active in the last 48 hours',
  };
  errors[404] =
    adminRun || memberRun
      ? '`No member with that e-mail in the team`, or `No admin user found in the team` without `member_email`'
      : '`No member with that e-mail in the team` (`member_email`)';
  if (kind.contact) errors[409] = OUTREACH_ERRORS[kind.contact];
  if (forceable(endpoint.body)) errors[403] += FORCE_403;
  if (kind.contact === 'invitation') {
    errors[429] =
      '`LinkedIn invitation limit reached`: the admin hit the weekly invitation limit; retry later';
  }
  networkTaskRoutes.post(
    `/network-agent/${name}`,
    describe({
      summary: kind.summary,
      description: `${ASYNC_NOTE} Task type: \`${endpoint.type}\`.${adminRun ? ' Runs as the team’s oldest admin (by date of joining).' : ''}${memberRun ? MEMBER_NOTE : NAMED_NOTE(adminRun)}`,
      tag: 'Network tasks',
      security: 'apiKey',
      responses: { 200: { description: 'Task queued', schema: TaskCreatedResponse } },
      errors,
    }),
    requireApiKey(),
    validate('json', endpoint.body as z.core.$ZodType<Record<string, unknown>>, {
      example: kind.example,
    }),
    async (c) => {
      const awaitApproval = awaitsApproval(c, endpoint.type);
      const task = await queueNetworkTask(
        c.var.ctx,
        c.var.team.id,
        name,
        c.req.valid('json') as Record<string, unknown>,
        { queuedBy: await queuedBy(c), awaitApproval, aiKey: c.var.keyScope === 'ai' },
      );
      const answer: TaskCreatedResponse = {
        success: true,
        api_agent_task_id: task.id,
        message: task.refused
          ? `${kind.queued} but failed at once: the member it runs as turned this kind off (refused_by_member); get-task-status says more`
          : awaitApproval
            ? awaitingApprovalWords(kind.queued, task.id)
            : `${kind.queued}; poll get-task-status with this api_agent_task_id for the result`,
      };
      return c.json(answer);
    },
  );
}
