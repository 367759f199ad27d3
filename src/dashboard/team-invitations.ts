import type {
  AcceptInvitationResponse,
  InvitationsResponse,
  PendingInvitation,
} from '../contract/team-invitations.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw } from '../ui/html.js';
import { byId } from './dom.js';
import type { Session } from './session.js';

/**
 * Invitations to another team: signing in never moves anyone, so the person is asked
 * here, with what leaving means for the team they are in. Accept (POST
 * /api-team-invitations/accept) answers the new team's key and a new agent token: the page carries
 * on as that session. Decline withdraws the invitation.
 */
export function mountTeamInvitations(onMoved: (session: Session) => void): {
  load(session: Session): Promise<void>;
  stop(): void;
} {
  const box = byId('invitations');
  let session: Session | null = null;
  let invitations: PendingInvitation[] = [];
  const errors = new Map<string, string>();
  let working: string | null = null;

  async function load(s: Session) {
    session = s;
    try {
      const answer = await call<InvitationsResponse>('GET', '/api-team-invitations', {
        auth: 'member',
        session: s,
      });
      if (s !== session) return;
      invitations = answer.invitations;
    } catch {
      // Not worth a banner of its own: the next change asks again.
      return;
    }
    render();
  }

  async function choose(inv: PendingInvitation, choice: 'accept' | 'decline') {
    const s = session;
    if (!s) return;
    working = inv.team_id;
    errors.delete(inv.team_id);
    render();
    try {
      const answer = await call<AcceptInvitationResponse>(
        'POST',
        `/api-team-invitations/${choice}`,
        { auth: 'member', session: s, body: { team_id: inv.team_id } },
      );
      invitations = invitations.filter((i) => i.team_id !== inv.team_id);
      if (choice === 'accept') {
        onMoved({ ...s, team: answer.team, agent_token: answer.agent_token, role: answer.role });
        return;
      }
    } catch (err) {
      errors.set(inv.team_id, errorMessage(err));
    } finally {
      working = null;
    }
    render();
  }

  function leavingWords(inv: PendingInvitation): string {
    const l = inv.leaving;
    const stay =
      l.other_members === 0
        ? `${l.team_name} is left without members`
        : `${l.other_members} other member${l.other_members === 1 ? '' : 's'} stay in ${l.team_name}`;
    // A team left without members has no admin to speak of either.
    const admin =
      l.only_admin && l.other_members > 0
        ? l.next_admin
          ? `; ${l.next_admin} becomes its admin`
          : '; it is left without an admin'
        : '';
    return `You would leave ${l.team_name}: ${stay}${admin}. The team’s key and your extension’s sign-in change.`;
  }

  function render() {
    box.hidden = invitations.length === 0;
    draw(
      invitations.map(
        (
          inv,
        ) => html`<div class="banner" role="region" aria-label=${`Invitation to ${inv.team_name}`} data-team-id=${inv.team_id}>
          <p><strong>Join ${inv.team_name}?</strong> You are invited as ${inv.role === 'admin' ? 'an admin' : 'a member'}.</p>
          <p class="small">${leavingWords(inv)}</p>
          <div class="row">
            <button type="button" class="small" ?disabled=${working !== null} @click=${() => void choose(inv, 'accept')}>Accept</button>
            <button type="button" class="secondary small" ?disabled=${working !== null} @click=${() => void choose(inv, 'decline')}>Decline</button>
          </div>
          ${errors.has(inv.team_id) ? html`<p class="status" data-kind="error" role="alert">${errors.get(inv.team_id)}</p>` : nothing}
        </div>`,
      ),
      box,
    );
  }

  return {
    load,
    stop() {
      session = null;
      invitations = [];
      render();
    },
  };
}
