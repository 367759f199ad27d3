import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { normalizeConversationUrn } from '../../contract/urns.js';
import {
  ConversationResponse,
  InboxQuery,
  InboxResponse,
  InvitationsQuery,
  MessagesQuery,
  SentInvitationsResponse,
} from '../../contract/relationships.js';
import { conversationThread, listInbox, listSentInvitations } from '../relationships/read.js';
import { registerRelationshipHooks } from '../relationships/register-hooks.js';
import { exportInvitations, INVITATION_CSV_COLUMNS } from '../relationships/export-invitations.js';
import { csvResponse } from '../csv/write-csv.js';
import { modelConfigured } from '../ai/model-client.js';

registerRelationshipHooks();

const MEMBER_404 = '`No member with that e-mail in the team`';

/** Relationship tracking (docs/relationships.md): what became of invitations, and the inbox. */
export const relationshipRoutes = new Hono<AppEnv>()
  .get(
    '/api-invitations',
    describe({
      summary: 'Invitations sent through the service, with their state, newest first',
      description:
        'Every connection request the team’s members sent through the service: `pending`, `accepted` (the person appeared among ' +
        'the member’s connections), `withdrawn` or `expired` (it left the sent list and the person is not a connection), with ' +
        'when it changed. Kept true by the relationship sync (every `RELATIONSHIP_SYNC_INTERVAL_S`, 4 h by default). ' +
        '`format=csv`: every matching invitation as CSV, newest first, streamed (paging parameters do not apply).',
      tag: 'Relationships',
      security: 'apiKey',
      responses: {
        200: {
          description: 'A page of invitations',
          schema: SentInvitationsResponse,
          csv: INVITATION_CSV_COLUMNS.map((c) => c.header).join(', '),
        },
      },
      errors: {
        400: 'Invalid `status`, `member_email`, `page` or `limit`',
        401: '`Missing API Key` or `Invalid API Key`',
        404: MEMBER_404,
      },
    }),
    requireApiKey(),
    validate('query', InvitationsQuery, {
      example: { status: 'pending', member_email: 'grace@acme.example', page: '1', limit: '20' },
    }),
    async (c) => {
      const { db, log } = c.var.ctx;
      const q = c.req.valid('query');
      if (q.format === 'csv') {
        const rows = await exportInvitations(db, c.var.team.id, q);
        return csvResponse('invitations.csv', INVITATION_CSV_COLUMNS, rows, (err) =>
          log.error('csv_export_failed', { what: 'invitations', message: err.message }),
        );
      }
      return c.json(await listSentInvitations(db, c.var.team.id, q));
    },
  )
  .get(
    '/api-inbox',
    describe({
      summary: 'The members’ conversations, newest activity first',
      description:
        'Each member’s inbox as the relationship sync and the inbox tasks last read it. `awaiting_reply`: the last message is the ' +
        'other person’s. `unread=true` for unread ones only; `member_email` for one member’s. `classification`: the label the ' +
        'team’s model gave the other person’s newest message (`interested`, `not_now`, `not_interested`, `out_of_office`, ' +
        '`referral`, `other`, or one of the team’s `reply_labels`); `classification=<label>` for those only; null with ' +
        '`classification_error` when it failed or the service has no model (`not configured`) (docs/ai.md, "Replies sorted").',
      tag: 'Relationships',
      security: 'apiKey',
      responses: { 200: { description: 'A page of conversations', schema: InboxResponse } },
      errors: {
        400: 'Invalid `unread`, `classification`, `member_email`, `page` or `limit`',
        401: '`Missing API Key` or `Invalid API Key`',
        404: MEMBER_404,
      },
    }),
    requireApiKey(),
    validate('query', InboxQuery, { example: { unread: 'true', page: '1', limit: '20' } }),
    async (c) => {
      const { db, config } = c.var.ctx;
      return c.json(
        await listInbox(db, c.var.team.id, c.req.valid('query'), modelConfigured(config)),
      );
    },
  )
  .get(
    '/api-inbox/:conversation_urn',
    describe({
      summary: 'One conversation with its messages, newest first',
      description:
        'The conversation URN as the inbox gives it, URL-encoded in the path. Each message of the other person carries its ' +
        '`classification` (or null with `classification_error`), as in the inbox.',
      tag: 'Relationships',
      security: 'apiKey',
      responses: {
        200: {
          description: 'The conversation and a page of its messages',
          schema: ConversationResponse,
        },
      },
      errors: {
        400: '`Invalid conversation_urn`, or an invalid `page` or `limit`',
        401: '`Missing API Key` or `Invalid API Key`',
        404: '`Conversation not found`: the team has no conversation by that URN',
      },
    }),
    requireApiKey(),
    validate('query', MessagesQuery, { example: { page: '1', limit: '20' } }),
    async (c) => {
      const urn = normalizeConversationUrn(c.req.param('conversation_urn'));
      if (!urn) throw new HttpError(400, 'Invalid conversation_urn');
      const thread = await conversationThread(
        c.var.ctx.db,
        c.var.team.id,
        urn,
        c.req.valid('query'),
        modelConfigured(c.var.ctx.config),
      );
      if (!thread) throw new HttpError(404, 'Conversation not found');
      return c.json(thread);
    },
  );
