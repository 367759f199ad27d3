import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import {
  CreateSequenceBody,
  EnrollBody,
  EnrollmentIdParam,
  EnrollmentsQuery,
  EnrollmentsResponse,
  EnrollResponse,
  PatchSequenceBody,
  SequenceIdParam,
  SequencesQuery,
  SequencesResponse,
  SequenceView,
  type SequenceStep,
  type Senders,
} from '../../contract/sequences.js';
import { unknownFieldError, unknownTemplateField } from '../../contract/templates.js';
import { memberOrOldestAdmin } from '../tasks/routing.js';
import {
  createSequence,
  deleteSequence,
  getSequence,
  listEnrollments,
  listSequences,
  patchSequence,
  stopEnrollment,
} from '../sequences/store.js';
import { enroll, enrollingSequence } from '../sequences/enroll.js';
import { senderIds } from '../sequences/senders.js';
import {
  enrollmentColumns,
  enrollmentRows,
  readEnrollmentCsv,
} from '../sequences/enrollments-csv.js';
import { csvResponse } from '../csv/write-csv.js';
import { awayMs } from '../sequences/rebalance.js';
import type { SenderPool } from '../sequences/store.js';
import type { Queryable } from '../db/database.js';
import { followMember } from '../relationships/follow-member.js';
import { onReplyReceived } from '../relationships/reply-listeners.js';
import { stopOnReply } from '../sequences/stop-on-reply.js';
import { registerRelationshipHooks } from '../relationships/register-hooks.js';
import { z } from '../../contract/zod.js';
import { readCursor } from '../http/page-cursor.js';
import { ENROLLMENTS_PAGE, SEQUENCES_PAGE } from '../../contract/page-sizes.js';
import { assertSequenceSlot, lockTeamPlan } from '../plans/plan-limits.js';

registerRelationshipHooks();
onReplyReceived(stopOnReply);

const UNAUTHORIZED = { 401: '`Missing API Key` or `Invalid API Key`' };
const NOT_FOUND = { 404: '`Sequence not found`' };
const ID = { id: '3f0c8a9e-5b1d-4c2e-9a7f-1e2d3c4b5a69' };

const EXAMPLE = {
  name: 'Robotics founders, Q4',
  sender_email: 'grace@acme.example',
  steps: [
    { type: 'visit' },
    {
      type: 'connection_request',
      note: 'Hi {first_name|there}, I enjoyed your post on {company|your company}’s robots.',
    },
    { type: 'wait_for_acceptance', max_days: 15, withdraw_if_not_accepted: true },
    {
      type: 'message',
      text: 'Thanks for connecting, {first_name}! Shall we talk next week?',
      delay_hours: 24,
    },
    {
      type: 'message',
      text: 'Hi {first_name}, a last word in case this got buried.',
      delay_hours: 120,
    },
  ],
  stop_on_reply: true,
};

/** A template naming a field we do not fill is the caller's mistake, told now rather than at someone's step. */
function checkTemplates(steps: SequenceStep[]): void {
  steps.forEach((step, i) => {
    const template =
      step.type === 'connection_request'
        ? step.note
        : step.type === 'message'
          ? step.text
          : undefined;
    const unknown = template === undefined ? null : unknownTemplateField(template);
    if (unknown !== null) {
      throw new HttpError(400, unknownFieldError(unknown, i + 1));
    }
  });
}

/** A pool named by `senders`: the members of a list (the first the default sender), or all. */
async function senderPool(
  db: Queryable,
  teamId: string,
  senders: Senders | undefined,
): Promise<SenderPool | undefined> {
  if (senders === undefined) return undefined;
  if (senders === 'all') return { mode: 'all', userIds: [] };
  return { mode: 'list', userIds: await senderIds(db, teamId, senders) };
}

async function found<T>(value: T | null | false): Promise<T> {
  if (!value) throw new HttpError(404, 'Sequence not found');
  return value;
}

/** Sequences (docs/sequences.md). */
export const sequenceRoutes = new Hono<AppEnv>()
  .post(
    '/api-sequences',
    describe({
      summary: 'Create a sequence: steps each enrolled person goes through, stopped by a reply',
      description:
        'Steps in order: `visit`, `connection_request` (skipped when already connected), `wait_for_acceptance`, `message` (connections ' +
        'only), `like_latest_post`. Templates `{first_name}`, `{last_name}`, `{company}`, `{headline}`, with a fallback `{first_name|there}`. ' +
        'Every step is an ordinary task of the sender, under their budgets, pace and working hours. ' +
        'One sender (`sender_email`, default the oldest admin) or a pool (`senders`: members’ e-mails, or `"all"`: every member ' +
        'whose extension is active and who agreed to the steps’ kinds): each person gets one sender for the whole sequence, ' +
        'a member already connected to them first, else the one with the most budget left for the first write. ' +
        '`{custom.<column>}` fills from a CSV import’s columns. A reply within `reply_window_days` (30) of the last step still counts. ' +
        'The team’s plan caps its sequences (free 3, pro 50, business 500). ' +
        'A `message` step may carry `draft: {instructions}` instead of `text`: the team’s model drafts each person’s message when ' +
        'their step comes, held for the approval of the sender or an admin (`/api-approvals`); a rejection or expiry ends their step. ' +
        '`on_reply` refines a reply by the label the team’s model gives it, per label `"stop"`, `"continue"` or `{"wait_days": N}` ' +
        '(e.g. `{"not_interested": "stop", "out_of_office": {"wait_days": 7}}`); a label not named does what `stop_on_reply` says ' +
        '(docs/sequences.md, "Replies sorted").',
      tag: 'Sequences',
      security: 'apiKey',
      responses: { 201: { description: 'Created', schema: SequenceView } },
      errors: {
        400: "A missing or invalid field, or `Unknown template field '{…}' in step N: …`",
        ...UNAUTHORIZED,
        403: '`Plan limit reached: the free plan allows 3 sequences` (the team’s plan and its cap)',
        404: '`No member with that e-mail in the team` (naming the e-mail for one of `senders`)',
      },
    }),
    requireApiKey(),
    validate('json', CreateSequenceBody, { example: EXAMPLE }),
    async (c) => {
      const body = c.req.valid('json');
      checkTemplates(body.steps);
      const { db } = c.var.ctx;
      if (body.sender_email !== undefined && body.senders !== undefined)
        throw new HttpError(400, "Give either 'sender_email' or 'senders', not both");
      const pool = await senderPool(db, c.var.team.id, body.senders);
      const sender = pool?.userIds.length
        ? { userId: pool.userIds[0]! }
        : await memberOrOldestAdmin(db, c.var.team.id, body.sender_email);
      const id = await db.transaction(async (tx) => {
        // The team's row lock makes two creations at once count each other.
        await assertSequenceSlot(tx, c.var.team.id, await lockTeamPlan(tx, c.var.team.id));
        return createSequence(tx, c.var.team.id, sender.userId, body, pool);
      });
      await followMember(db, c.var.team.id, sender.userId);
      return c.json(await found(await getSequence(db, c.var.team.id, id)), 201);
    },
  )
  .get(
    '/api-sequences',
    describe({
      summary: 'The team’s sequences with their funnels, newest first',
      description:
        `Pages of \`limit\` (default ${SEQUENCES_PAGE.fallback}, at most ${SEQUENCES_PAGE.max}); ` +
        '`next` is the `after` of the following page, null on the last.',
      tag: 'Sequences',
      security: 'apiKey',
      responses: { 200: { description: 'A page of the sequences', schema: SequencesResponse } },
      errors: { 400: 'Invalid `after` or `limit`', ...UNAUTHORIZED },
    }),
    requireApiKey(),
    validate('query', SequencesQuery),
    async (c) => {
      const q = c.req.valid('query');
      const after = readCursor(q.after);
      const answer: SequencesResponse = await listSequences(c.var.ctx.db, c.var.team.id, {
        after,
        limit: q.limit,
      });
      return c.json(answer);
    },
  )
  .get(
    '/api-sequences/:id',
    describe({
      summary:
        'One sequence with its funnel: enrolled, invited, accepted, messaged, replied, and the rates',
      tag: 'Sequences',
      security: 'apiKey',
      responses: { 200: { description: 'The sequence', schema: SequenceView } },
      errors: { 400: '`Invalid sequence id`', ...UNAUTHORIZED, ...NOT_FOUND },
    }),
    requireApiKey(),
    validate('param', SequenceIdParam, { example: ID }),
    async (c) =>
      c.json(await found(await getSequence(c.var.ctx.db, c.var.team.id, c.req.valid('param').id))),
  )
  .patch(
    '/api-sequences/:id',
    describe({
      summary: 'Rename, pause or resume a sequence',
      description:
        '`status: "paused"`: no further step of anyone runs until `status: "active"` again. `senders`: a new pool; ' +
        'people not yet invited whose sender left it move to one in it. `on_reply`: new rules per label for replies sorted from ' +
        'now on (null: `stop_on_reply` alone).',
      tag: 'Sequences',
      security: 'apiKey',
      responses: { 200: { description: 'The sequence', schema: SequenceView } },
      errors: {
        400: '`Invalid sequence id`, or an invalid field',
        ...UNAUTHORIZED,
        404: '`Sequence not found`, or `No member with that e-mail in the team: …`',
      },
    }),
    requireApiKey(),
    validate('param', SequenceIdParam, { example: ID }),
    validate('json', PatchSequenceBody, { example: { status: 'paused' } }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const pool = await senderPool(c.var.ctx.db, c.var.team.id, body.senders);
      await found(await patchSequence(c.var.ctx.db, c.var.team.id, id, body, pool));
      return c.json(await found(await getSequence(c.var.ctx.db, c.var.team.id, id)));
    },
  )
  .delete(
    '/api-sequences/:id',
    describe({
      summary:
        'Delete a sequence; everyone in it stops (a step’s task not yet started is cancelled)',
      tag: 'Sequences',
      security: 'apiKey',
      responses: {
        200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) },
      },
      errors: { 400: '`Invalid sequence id`', ...UNAUTHORIZED, ...NOT_FOUND },
    }),
    requireApiKey(),
    validate('param', SequenceIdParam, { example: ID }),
    async (c) => {
      await found(await deleteSequence(c.var.ctx.db, c.var.team.id, c.req.valid('param').id));
      return c.json({ success: true as const });
    },
  )
  .post(
    '/api-sequences/:id/enrollments',
    describe({
      summary:
        'Enroll people (profile URLs, slugs or URNs, up to 1,000), or import a CSV; skipped ones with the reason',
      description:
        'A person is in at most one active sequence of the team; someone who replied to the team before is skipped. ' +
        'Each person gets a sender of the pool (`sender_email`, `sender_reason` in the listing). ' +
        'With `Content-Type: text/csv` the body is a CSV (RFC 4180, a header row) with a `profile` column; every other ' +
        'column becomes the template field `{custom.<column>}` of its row. Up to 5,000 rows; the answer adds ' +
        '`errors: [{line, reason}]` for the lines that could not be read, and the other rows go in.',
      tag: 'Sequences',
      security: 'apiKey',
      responses: {
        200: {
          description: 'How many were enrolled, and who was skipped and why',
          schema: EnrollResponse,
        },
      },
      errors: {
        400: '`Invalid sequence id`, `Missing or invalid \'profiles\' …`, or `CSV header has no "profile" column`',
        ...UNAUTHORIZED,
        ...NOT_FOUND,
      },
    }),
    requireApiKey(),
    validate('param', SequenceIdParam, { example: ID }),
    async (c, next) => {
      if (!/^text\/csv\b/i.test(c.req.header('content-type') ?? '')) return next();
      const { db } = c.var.ctx;
      const s = await found(await enrollingSequence(db, c.var.team.id, c.req.valid('param').id));
      const { people, errors } = await readEnrollmentCsv(c.req.raw.body ?? '');
      const answer = await db.transaction((tx) => enroll(tx, s, people, awayMs(c.var.ctx)));
      return c.json({ ...answer, errors });
    },
    validate('json', EnrollBody, {
      example: {
        profiles: [
          'https://www.linkedin.com/in/ada-lovelace/',
          'grace-hopper',
          'urn:li:fsd_profile:ACoAAAlanTuring',
        ],
      },
    }),
    async (c) => {
      const { db } = c.var.ctx;
      const { id } = c.req.valid('param');
      const s = await found(await enrollingSequence(db, c.var.team.id, id));
      return c.json(
        await db.transaction((tx) =>
          enroll(tx, s, c.req.valid('json').profiles, awayMs(c.var.ctx)),
        ),
      );
    },
  )
  .get(
    '/api-sequences/:id/enrollments',
    describe({
      summary:
        'Each enrolled person: state, sender and why, current step, when it runs next and why it waits, and the history of its tasks',
      description:
        `Oldest first, in pages of \`limit\` (default ${ENROLLMENTS_PAGE.fallback}, at most ${ENROLLMENTS_PAGE.max}); \`next\` is the \`after\` ` +
        'of the following page, null on the last. `format=csv`: every person (of the `state`) as a streamed CSV download (`text/csv`): ' +
        'profile, profile_urn, name, state, sender_email, sender_reason, step, step_type, the dates, waiting_reason, error, ' +
        'then each column a CSV import brought.',
      tag: 'Sequences',
      security: 'apiKey',
      responses: { 200: { description: 'Oldest enrollment first', schema: EnrollmentsResponse } },
      errors: {
        400: '`Invalid sequence id`, or an invalid `state`, `after` or `limit`',
        ...UNAUTHORIZED,
        ...NOT_FOUND,
      },
    }),
    requireApiKey(),
    validate('param', SequenceIdParam, { example: ID }),
    validate('query', EnrollmentsQuery, { example: { state: 'waiting_acceptance' } }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { state, format, limit } = c.req.valid('query');
      const after = readCursor(c.req.valid('query').after);
      const { db } = c.var.ctx;
      const sequence = await found(await getSequence(db, c.var.team.id, id));
      if (format === 'csv')
        return csvResponse(
          `sequence-${sequence.name}.csv`,
          await enrollmentColumns(db, id),
          enrollmentRows(db, c.var.team.id, id, state),
          (err) => c.var.ctx.log.error('csv_export_failed', { message: err.message }),
        );
      const answer: EnrollmentsResponse = await listEnrollments(db, c.var.team.id, id, state, {
        after,
        limit,
      });
      return c.json(answer);
    },
  )
  .delete(
    '/api-sequences/:id/enrollments/:enrollment_id',
    describe({
      summary: 'Take one person out of a sequence (state stopped)',
      tag: 'Sequences',
      security: 'apiKey',
      responses: {
        200: { description: 'Stopped', schema: z.object({ success: z.literal(true) }) },
      },
      errors: {
        400: '`Invalid sequence id` or `Invalid enrollment id`',
        ...UNAUTHORIZED,
        404: '`Enrollment not found`',
      },
    }),
    requireApiKey(),
    validate('param', EnrollmentIdParam, {
      example: { ...ID, enrollment_id: '9b1e2d3c-4a5f-4e6d-8c7b-0a1b2c3d4e5f' },
    }),
    async (c) => {
      const { id, enrollment_id } = c.req.valid('param');
      if (!(await stopEnrollment(c.var.ctx.db, c.var.team.id, id, enrollment_id)))
        throw new HttpError(404, 'Enrollment not found');
      return c.json({ success: true as const });
    },
  );
