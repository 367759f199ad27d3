import { Answer, apiError, fromReply, json, noRoute } from './answer.js';
import { authorIsPrivate, findPost } from './lookup.js';
import type { Call } from './request.js';
import type { FakeSession } from './session.js';
import { measuredIn2026 } from './voices.js';

/**
 * The member's writes over `POST /voyager/api/…`: reactions (REST, and the GraphQL mutation in
 * measured_2026), comments, invitations, messages, marking a conversation read (inbox.ts) and the
 * REST withdrawal (relationships.ts). Each changes `state` exactly as performed, by whom it was
 * performed; a refused one changes nothing.
 */

const REACTION_TYPES = ['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'];

/** The page a body names as actor: a dataset company's `urn:li:fsd_company:<id>`, else refused. */
function companyActor(s: FakeSession, urn: unknown): string | Answer {
  const id = /^urn:li:fsd_company:(\d+)$/.exec(String(urn))?.[1];
  if (!id || !s.dataset.companies.some((x) => String(x.id) === id))
    return apiError(403, undefined, `Not authorized to act as ${String(urn)}`);
  return `urn:li:fsd_company:${id}`;
}

export function write(s: FakeSession, c: Call): Answer {
  const { route, q } = c;
  let body: Record<string, any>;
  try {
    body = JSON.parse(c.body || 'null');
  } catch {
    return apiError(400, undefined, 'body is not JSON');
  }
  if (!body || typeof body !== 'object') return apiError(400, undefined, 'body required');

  if (route === 'voyagerSocialDashReactions') {
    // REST reaction: always the member. No public source knows a query parameter for acting as a
    // page (facts, "Newer evidence", "Like"), so unknown parameters such as actorCompanyUrn are
    // ignored, as the network would — in every voice.
    const threadUrn = q.get('threadUrn') ?? '';
    const post = findPost(s.dataset, threadUrn);
    if (!post) return apiError(404, undefined, 'Unknown thread');
    if (authorIsPrivate(s.dataset, post)) return apiError(403);
    if (!REACTION_TYPES.includes(body.reactionType))
      return apiError(400, undefined, 'bad reactionType');
    s.state.likes.push({
      threadUrn,
      reactionType: body.reactionType,
      actorUrn: s.selfUrn(),
      via: 'rest',
    });
    // 201 (facts, "Like"); measured_2026: empty body and the id in X-RestLi-Id ("Newer evidence").
    return measuredIn2026(s.voice)
      ? new Answer(201, '', {
          'x-restli-id': `urn:li:fsd_reaction:(${s.selfUrn()},${threadUrn},0)`,
        })
      : new Answer(201, '');
  }

  if (route === 'graphql') {
    const queryId = q.get('queryId') ?? '';
    const [name, hash] = queryId.split('.');
    if (q.get('action') !== 'execute') return apiError(400, undefined, 'bad action');
    // The reaction mutation is known only from "Newer evidence": elsewhere an unknown queryId.
    if (name !== 'voyagerSocialDashReactions' || !hash || !measuredIn2026(s.voice))
      return apiError(400, undefined, `Unknown queryId ${queryId}`);
    if (body.queryId !== undefined && body.queryId !== queryId)
      return apiError(400, undefined, 'queryId mismatch');
    return graphqlReaction(s, body, c.normalisedAccept);
  }

  if (route === 'voyagerSocialDashNormComments') {
    if (!q.get('decorationId')?.startsWith('com.linkedin.voyager.dash.deco.social.NormComment-'))
      return apiError(400, undefined, 'bad decoration');
    const threadUrn = String(body.threadUrn ?? '');
    const text = body.commentary?.text;
    if (
      typeof text !== 'string' ||
      body.commentary?.$type !== 'com.linkedin.voyager.dash.common.text.TextViewModel'
    )
      return apiError(400, undefined, 'bad commentary');
    const post = findPost(s.dataset, threadUrn);
    if (!post) return apiError(404);
    if (authorIsPrivate(s.dataset, post)) return apiError(403);
    // A page acts through the body (facts, "Newer evidence": "nonMemberActorUrn … on comments (some
    // sources: organizationActorUrn)"); query parameters other than decorationId are ignored.
    let actorUrn = s.selfUrn();
    const named = body.nonMemberActorUrn ?? body.organizationActorUrn;
    if (named !== undefined && named !== null) {
      const actor = companyActor(s, named);
      if (actor instanceof Answer) return actor;
      actorUrn = actor;
    }
    const commentUrn = `urn:li:fsd_comment:(${7_000_000 + s.state.comments.length},${threadUrn})`;
    // The network keeps at most about 1,250 characters of a comment.
    s.state.comments.push({ threadUrn, text: text.slice(0, 1250), actorUrn, commentUrn });
    return json(
      {
        data: {
          $type: 'com.linkedin.voyager.dash.social.Comment',
          entityUrn: commentUrn,
          threadUrn,
          commenter: { actorUrn },
        },
        included: [],
      },
      201,
    );
  }

  if (route === 'voyagerRelationshipsDashMemberRelationships') return invite(s, c, body);
  if (route === 'voyagerMessagingDashMessengerConversations')
    return fromReply(s.inbox.markRead(c.rawQuery, body));
  const withdrawn = s.relationships.withdrawRest(route, q.get('action'), body);
  if (withdrawn) return fromReply(withdrawn);
  if (route === 'voyagerMessagingDashMessengerMessages') return message(s, c, body);
  return noRoute('POST', route);
}

/**
 * measured_2026: `POST graphql?action=execute&queryId=voyagerSocialDashReactions.<hash>` with
 * `{variables: {entity: {reactionType, actorUrn?}, threadUrn}, queryId}` (facts, "Newer evidence",
 * "Like"). Acts as `entity.actorUrn` when given (a dataset page, else 403). Answer (our choice):
 * `createSocialDashReactions: {resourceKey, *entity}` with the Reaction in `included` (normalised,
 * one level deeper) or `entity` inline (plain JSON). An unknown thread answers 200 with `errors`
 * (facts: "GraphQL mutations can answer 200 with data.errors").
 */
function graphqlReaction(
  s: FakeSession,
  body: Record<string, any>,
  normalisedAccept: boolean,
): Answer {
  const v = body.variables;
  const threadUrn = v?.threadUrn;
  const reactionType = v?.entity?.reactionType;
  if (typeof threadUrn !== 'string' || !REACTION_TYPES.includes(reactionType))
    return apiError(400, undefined, 'Variable "variables" has an invalid value');
  let actorUrn = s.selfUrn();
  if (
    v.entity.actorUrn !== undefined &&
    v.entity.actorUrn !== null &&
    v.entity.actorUrn !== s.selfUrn()
  ) {
    const actor = companyActor(s, v.entity.actorUrn);
    if (actor instanceof Answer) return actor;
    actorUrn = actor;
  }
  const post = findPost(s.dataset, threadUrn);
  if (!post || authorIsPrivate(s.dataset, post)) {
    const errors = [
      {
        message: `Thread ${threadUrn} not found`,
        extensions: { status: post ? 403 : 404 },
        path: ['createSocialDashReactions'],
      },
    ];
    return json(
      normalisedAccept
        ? { data: { data: { createSocialDashReactions: null }, errors }, included: [] }
        : { data: { createSocialDashReactions: null }, errors },
    );
  }
  s.state.likes.push({ threadUrn, reactionType, actorUrn, via: 'graphql' });
  const reactionUrn = `urn:li:fsd_reaction:(${actorUrn},${threadUrn},0)`;
  const reaction = {
    $type: 'com.linkedin.voyager.dash.social.Reaction',
    entityUrn: reactionUrn,
    reactionType,
    threadUrn,
    actorUrn,
  };
  const result = {
    $type: 'com.linkedin.voyager.dash.social.ReactionCreateResponse',
    resourceKey: reactionUrn,
  };
  return json(
    normalisedAccept
      ? {
          data: { data: { createSocialDashReactions: { ...result, '*entity': reactionUrn } } },
          included: [reaction],
        }
      : { data: { createSocialDashReactions: { ...result, entity: reaction } } },
  );
}

function invite(s: FakeSession, c: Call, body: Record<string, any>): Answer {
  const { q } = c;
  if (q.get('action') !== 'verifyQuotaAndCreateV2') return apiError(400, undefined, 'bad action');
  const decoration = q.get('decorationId');
  if (
    decoration !== undefined &&
    !decoration.startsWith(
      'com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-',
    )
  )
    return apiError(400, undefined, `Unknown decorationId ${decoration}`);
  // Weekly limit: facts, "Limit and refusal signals" lists two codes; drifted answers the other one.
  if (s.mode === 'invitation_limit')
    return apiError(
      400,
      s.voice === 'drifted' ? 'MAX_INVITATION_SENT' : 'CANT_INVITE_CONNECTION_LIMIT_REACHED',
    );
  const profileUrn = String(body.invitee?.inviteeUnion?.memberProfile ?? '');
  const p = s.dataset.profiles.find((x) => `urn:li:fsd_profile:${x.id}` === profileUrn);
  if (!p) return apiError(404);
  if (p.distance === 'SELF') return apiError(400, undefined, 'Cannot invite yourself');
  if (typeof body.customMessage === 'string' && body.customMessage.length > 300)
    return apiError(400, 'CUSTOM_MESSAGE_TOO_LONG');
  if (p.distance === 'DISTANCE_1') {
    // No public source shows a code for "already connected" (facts, "Newer evidence"); measured
    // 2026 answers an invalid invitation state with 406. Before that: a 400 without a code.
    return measuredIn2026(s.voice)
      ? apiError(406, undefined, 'Invalid invitation state')
      : apiError(400, undefined, 'Invitee is already a connection');
  }
  if (s.state.invitations.some((i) => i.profileUrn === profileUrn))
    return apiError(400, 'CANT_RESEND_YET');
  const invitationUrn = `urn:li:fsd_invitation:${7_100_000_000 + s.state.invitations.length}`;
  s.state.invitations.push({
    profileUrn,
    message: typeof body.customMessage === 'string' ? body.customMessage : null,
    invitationUrn,
  });
  s.invitationTimes.set(invitationUrn, Date.now());
  return json({
    data: {
      value: {
        $type: 'com.linkedin.voyager.dash.relationships.InvitationCreationResult',
        invitationUrn,
        '*invitee': profileUrn,
      },
    },
    included: [],
  });
}

function message(s: FakeSession, c: Call, body: Record<string, any>): Answer {
  if (c.q.get('action') !== 'createMessage') return apiError(400, undefined, 'bad action');
  const measured = measuredIn2026(s.voice);
  if (body.mailboxUrn !== s.selfUrn()) return apiError(403, 'MAILBOX_MISMATCH');
  const text = body.message?.body?.text;
  if (typeof text !== 'string' || !body.message?.originToken)
    return apiError(400, undefined, 'bad message');
  // Where the recipient goes: inside `message` (facts, "Message"); at the top level beside
  // mailboxUrn in measured_2026 ("Newer evidence"). An existing conversation may be named instead.
  const recipients = measured ? body.hostRecipientUrns : body.message?.hostRecipientUrns;
  const conversation = measured
    ? (body.conversationUrn ?? body.message?.conversationUrn)
    : body.message?.conversationUrn;
  let recipientUrn: string;
  // A reply names an existing conversation of the inbox; it needs no first degree (the thread exists).
  let reply = false;
  if (Array.isArray(recipients) && typeof recipients[0] === 'string') recipientUrn = recipients[0];
  else if (typeof conversation === 'string') {
    const known = s.inbox.find(conversation);
    if (!known) return apiError(404, undefined, 'Unknown conversation');
    recipientUrn = `urn:li:fsd_profile:${known.withId}`;
    reply = true;
  } else
    return apiError(
      400,
      undefined,
      measured ? 'hostRecipientUrns is required' : 'message.hostRecipientUrns is required',
    );
  const p = s.dataset.profiles.find((x) => `urn:li:fsd_profile:${x.id}` === recipientUrn);
  if (!p) return apiError(404);
  if (!reply && p.distance !== 'DISTANCE_1')
    return measured
      ? apiError(422, undefined, 'Unprocessable Entity')
      : apiError(400, 'RECIPIENT_NOT_FIRST_DEGREE');
  const thread = s.conversationWith(p.id);
  const deliveredAt = Date.now();
  const n = s.nextMessageNumber();
  thread.messages.push({ from: s.dataset.self.id, text, at: deliveredAt, n });
  thread.read = true;
  const conversationUrn = s.inbox.conversationUrn(thread);
  s.state.messages.push({ recipientUrn, mailboxUrn: body.mailboxUrn, text, conversationUrn });
  return json({
    data: {
      value: {
        $type: 'com.linkedin.messenger.Message',
        deliveredAt,
        conversationUrn,
        entityUrn: `urn:li:msg_message:(${s.selfUrn()},2-m${n})`,
      },
    },
    included: [],
  });
}
