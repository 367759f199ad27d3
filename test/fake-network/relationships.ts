import type { FakeDataset, FakeProfile } from './dataset.js';
import type { Reply } from './inbox.js';
import { ComponentStream, el } from './rsc-stream.js';
import { type FakeVoice, measuredIn2026 } from './voices.js';

/**
 * Invitations after they are sent, on the fake network (docs/network-internal-api.md, "Relationship
 * lifecycle"): the sent list, withdrawal, and acceptance (a test control). Acceptance is the person
 * appearing among the connections (with `createdAt`), never an invitation leaving the sent list.
 */

export type InvitationStatus = 'pending' | 'accepted' | 'withdrawn';

export interface SentInvitation {
  profileUrn: string;
  message: string | null;
  invitationUrn: string;
}

export interface RelationshipsContext {
  dataset: () => FakeDataset;
  voice: () => FakeVoice;
  invitations: () => SentInvitation[];
  sentAt: (invitationUrn: string) => number;
  status: Map<string, InvitationStatus>;
  withdrawals: { invitationUrn: string; profileUrn: string; via: 'rest' | 'sdui' }[];
}

const json = (status: number, body: unknown): Reply => ({ status, body });
const error = (status: number, message: string): Reply =>
  json(status, {
    data: { $type: 'com.linkedin.restli.common.ErrorResponse', status, message },
    included: [],
  });

/** The number of an invitation URN (`urn:li:fsd_invitation:<n>`): the REST path's id and the server-driven payload's `invitationId`. */
export const invitationNumber = (urn: string) => urn.split(':').pop()!;
/** A stable shared secret per invitation (the REST withdrawal checks it; facts: `invitationSharedSecret`). */
export const sharedSecret = (urn: string) =>
  `s${Buffer.from(`secret-${invitationNumber(urn)}`)
    .toString('base64url')
    .slice(0, 10)}`;

export const WITHDRAW_REQUEST_ID = 'com.linkedin.sdui.requests.mynetwork.addaWithdrawInvitation';
/** The sent list's pager (our name: the facts name the screen, `/mynetwork/invitation-manager/sent/`, not its pager). */
export const SENT_PAGER_ID = 'com.linkedin.sdui.pagers.mynetwork.invitationManagerSent';
/** Rows a screen of the sent list holds (facts: "~10 a screen"). */
const SENT_SCREEN = 10;

/** An age in words, as the invitation manager shows it ("Sent 3 days ago"): no time to parse. */
function sentAgo(ms: number, now = Date.now()): string {
  const days = Math.floor((now - ms) / 86_400_000);
  return days < 1 ? 'Sent today' : days === 1 ? 'Sent yesterday' : `Sent ${days} days ago`;
}

export function createRelationshipRoutes(ctx: RelationshipsContext) {
  const isPending = (inv: SentInvitation) =>
    (ctx.status.get(inv.invitationUrn) ?? 'pending') === 'pending';
  const profileOf = (urn: string) =>
    ctx.dataset().profiles.find((p) => `urn:li:fsd_profile:${p.id}` === urn);

  /** Pending invitations, the newest first. */
  const pending = () => [...ctx.invitations()].filter(isPending).reverse();

  function sentViews(): {
    invitationUrn: string;
    profile: FakeProfile;
    message: string | null;
    sentTime: number;
    sharedSecret: string;
  }[] {
    return pending().map((inv) => ({
      invitationUrn: inv.invitationUrn,
      message: inv.message,
      sentTime: ctx.sentAt(inv.invitationUrn),
      profile: profileOf(inv.profileUrn)!,
      sharedSecret: sharedSecret(inv.invitationUrn),
    }));
  }

  /**
   * `paging.total` of the REST sent list: the count of pending invitations, except in measured_2026,
   * which reads 0 against real rows (facts: "its paging.total read 0 against real rows").
   */
  const sentTotal = () => (measuredIn2026(ctx.voice()) ? 0 : pending().length);

  /**
   * A pending invitee accepts (test control): they become a first-degree connection made now, so they
   * head the connections sorted RECENTLY_ADDED, and the invitation leaves the sent list.
   */
  function accept(identity: string, at = Date.now()): FakeProfile {
    const p = findPerson(ctx.dataset(), identity);
    if (!p) throw new Error(`no such person: ${identity}`);
    const inv = ctx
      .invitations()
      .find((i) => i.profileUrn === `urn:li:fsd_profile:${p.id}` && isPending(i));
    if (!inv) throw new Error(`no pending invitation to ${identity}`);
    ctx.status.set(inv.invitationUrn, 'accepted');
    p.distance = 'DISTANCE_1';
    p.connectedAt = at;
    const ds = ctx.dataset();
    ds.self.connections = ds.profiles.filter((x) => x.distance === 'DISTANCE_1').length;
    return p;
  }

  function withdraw(inv: SentInvitation, via: 'rest' | 'sdui') {
    ctx.status.set(inv.invitationUrn, 'withdrawn');
    ctx.withdrawals.push({ invitationUrn: inv.invitationUrn, profileUrn: inv.profileUrn, via });
  }

  /**
   * REST withdrawal, `POST relationships/invitations/<n>?action=withdraw` with
   * `{invitationSharedSecret}` (facts: unverified). Answered in the voices of the main sections
   * (200, empty); measured_2026 has no such route (404: the 2026-08 source found no REST form working).
   * An invitation that is not pending answers 404; a wrong secret 400.
   */
  function withdrawRest(
    route: string,
    action: string | undefined,
    body: Record<string, any>,
  ): Reply | null {
    const m = /^relationships\/invitations\/(\d+)$/.exec(route);
    if (!m) return null;
    if (measuredIn2026(ctx.voice())) return error(404, `No route POST ${route}`);
    if (action !== 'withdraw') return error(400, 'bad action');
    const inv = ctx.invitations().find((i) => invitationNumber(i.invitationUrn) === m[1]);
    if (!inv || !isPending(inv)) return error(404, 'Invitation not found');
    if (body.invitationSharedSecret !== sharedSecret(inv.invitationUrn))
      return error(400, 'invitationSharedSecret does not match');
    withdraw(inv, 'rest');
    return json(200, { data: {}, included: [] });
  }

  /**
   * Server-driven withdrawal (measured_2026 only; facts, "Withdraw an invitation", captured 2026-08):
   * `POST /flagship-web/rsc-action/actions/server-request?sduiid=…addaWithdrawInvitation`. The payload
   * (read from `clientArguments.payload`, `requestedArguments.payload` or `payload`) holds
   * `inviterActionType: "InviterActionType_WITHDRAW"`, `invitationType:
   * "GenericInvitationType_CONNECTION"`, `invitationUrn.invitationId`, `profileUrn` and the invitee's
   * vanity name and names. Answer: a component stream (one `<hex>:<value>` row a line) whose toast
   * says what happened; an invitation that is not pending (or not the profile's) answers 200 with an
   * error toast, as a screen would, and changes nothing. A payload missing its fields is a 400.
   */
  function withdrawServerDriven(body: Record<string, any>): Reply {
    if (!measuredIn2026(ctx.voice())) return { status: 404, body: 'Not Found' };
    const payload =
      body.clientArguments?.payload ?? body.requestedArguments?.payload ?? body.payload;
    if (!payload || typeof payload !== 'object')
      return { status: 400, body: 'payload is required' };
    if (
      payload.inviterActionType !== 'InviterActionType_WITHDRAW' ||
      payload.invitationType !== 'GenericInvitationType_CONNECTION'
    )
      return { status: 400, body: 'bad inviterActionType or invitationType' };
    const id = String(payload.invitationUrn?.invitationId ?? '');
    const profileUrn = String(payload.profileUrn ?? '');
    if (!/^\d+$/.test(id) || !profileUrn.startsWith('urn:li:fsd_profile:'))
      return { status: 400, body: 'invitationUrn.invitationId and profileUrn are required' };
    const inv = ctx
      .invitations()
      .find((i) => invitationNumber(i.invitationUrn) === id && i.profileUrn === profileUrn);
    const done = !!inv && isPending(inv);
    if (done) withdraw(inv, 'sdui');
    const toast = done ? 'Invitation withdrawn' : 'This invitation could not be withdrawn';
    const rows = [
      `0:${JSON.stringify({ $type: 'proto.sdui.actions.ServerResponse', actions: ['$L1'], states: [{ key: `invitationState-${id}`, value: { $case: 'stringValue', stringValue: done ? 'WITHDRAWN' : 'UNKNOWN' } }] })}`,
      `1:${JSON.stringify({ $type: 'proto.sdui.actions.ShowToast', viewTrackingSpecs: { viewName: done ? 'invitation-withdrawn-toast' : 'invitation-withdraw-error-toast' }, text: toast, success: done })}`,
    ];
    return { status: 200, body: `${rows.join('\n')}\n` };
  }

  /**
   * The invitation manager's sent screen (sdui_2026; facts: a 2026-08 source read the sent list from
   * it): `POST /flagship-web/rsc-action/actions/pagination?sduiid=<SENT_PAGER_ID>` with the pager's
   * body shape, `clientArguments.payload.startIndex`. A component stream of at most 10 pending
   * invitations from there, newest first: each a card (`viewName` `invitation-manager-sent-card`)
   * with the invitee's name and profile link, the age in words (no time, no note), and its Withdraw
   * button whose server request carries the payload a withdrawal sends (`invitationUrn.invitationId`,
   * `profileUrn`, `inviteeVanityName`, names). Past the end: no cards.
   */
  function sentScreen(body: Record<string, any>): Reply {
    const start = body.clientArguments?.payload?.startIndex;
    if (body.pagerId !== SENT_PAGER_ID || !Number.isInteger(start) || start < 0)
      return { status: 400, body: 'pagerId and clientArguments.payload.startIndex are required' };
    const stream = new ComponentStream();
    const card = stream.module('InvitationCard');
    const button = stream.module('Button');
    const rows = sentViews()
      .slice(start, start + SENT_SCREEN)
      .map((v) =>
        stream.row(
          el(card, {
            viewTrackingSpecs: { viewName: 'invitation-manager-sent-card' },
            children: [
              el('a', {
                href: `https://www.linkedin.com/in/${v.profile.slug}/`,
                children: `${v.profile.firstName} ${v.profile.lastName}`,
              }),
              el('p', { children: v.profile.headline }),
              el('span', { children: sentAgo(v.sentTime) }),
              el(button, {
                children: 'Withdraw',
                action: {
                  $type: 'proto.sdui.actions.core.ServerRequest',
                  requestId: WITHDRAW_REQUEST_ID,
                  payload: {
                    inviterActionType: 'InviterActionType_WITHDRAW',
                    invitationType: 'GenericInvitationType_CONNECTION',
                    invitationUrn: { invitationId: invitationNumber(v.invitationUrn) },
                    profileUrn: `urn:li:fsd_profile:${v.profile.id}`,
                    inviteeVanityName: v.profile.slug,
                    inviteeFirstName: v.profile.firstName,
                    inviteeLastName: v.profile.lastName,
                  },
                },
              }),
            ],
          }),
        ),
      );
    stream.root(
      el('div', {
        viewTrackingSpecs: { viewName: 'invitation-manager-sent-list' },
        children: rows,
      }),
    );
    return { status: 200, body: stream.toString() };
  }

  return {
    pending,
    sentViews,
    sentTotal,
    accept,
    withdrawRest,
    withdrawServerDriven,
    sentScreen,
    isPending,
  };
}

/** A person by slug, profile id or `urn:li:fsd_profile:<id>`. */
export function findPerson(ds: FakeDataset, identity: string): FakeProfile | undefined {
  const id = identity.replace(/^urn:li:fsd_profile:/, '');
  return ds.profiles.find((p) => p.slug === identity.toLowerCase() || p.id === id);
}
