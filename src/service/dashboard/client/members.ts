import type { MemberView, TeamView } from '../../../contract/members.js';
import { call, errorMessage } from './api.js';
import { busy, byId, h, replace, setStatus, timeAgo } from './dom.js';
import type { Session } from './session.js';

/**
 * Members and their extensions (GET /api-team), and adding a member (POST /api-team-members,
 * admins only). The extension columns are what docs/agent-protocol.md keeps per member:
 * last activity (the 48-hour rule), network sign-in, paused, version.
 */
export function mountMembers(): { load(session: Session): Promise<void> } {
  const list = byId('member-list');
  const agentState = byId('agent-state');
  const status = byId('members-status');
  const form = byId<HTMLFormElement>('add-member-form');
  const formStatus = form.querySelector<HTMLElement>('.status')!;
  let session: Session | null = null;

  async function load(s: Session) {
    session = s;
    setStatus(status, 'Loading…');
    try {
      const view = await call<TeamView>('GET', '/api-team', { auth: 'member', session: s });
      setStatus(status, '');
      render(view);
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
  }

  function render(view: TeamView) {
    byId('members-title').textContent = `Members of ${view.team.name}`;
    agentState.hidden = view.team.agent_active;
    agentState.textContent = view.team.agent_active
      ? ''
      : 'No member’s extension has been active in the last 48 hours, so network operations answer 403. Install the extension and sign in to it.';
    const members = [...view.members].sort((a, b) => Number(b.email === view.me.email) - Number(a.email === view.me.email));
    replace(list, ...members.map((m) => memberCard(m, m.email === view.me.email)));
    if (members.length === 0) replace(list, h('li', { class: 'empty' }, 'No members.'));
    form.hidden = view.me.role !== 'admin';
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const emailInput = form.elements.namedItem('email') as HTMLInputElement;
    const role = (form.elements.namedItem('role') as HTMLSelectElement).value;
    const email = emailInput.value.trim();
    if (!email || !emailInput.checkValidity()) {
      setStatus(formStatus, 'Enter a valid e-mail address.', 'error');
      return;
    }
    if (!session) return;
    const s = session;
    void busy(form, async () => {
      setStatus(formStatus, 'Adding…');
      try {
        await call('POST', '/api-team-members', { auth: 'member', session: s, body: { email, role } });
        emailInput.value = '';
        setStatus(formStatus, `${email} was added. They join by signing in with this address.`, 'ok');
        await load(s);
      } catch (err) {
        setStatus(formStatus, errorMessage(err), 'error');
      }
    });
  });

  byId('members-refresh').addEventListener('click', () => {
    if (session) void load(session);
  });

  return { load };
}

function yesNo(value: boolean | null, yes: string, no: string, unknown = 'unknown'): HTMLElement {
  if (value === null) return h('span', { class: 'badge' }, unknown);
  return h('span', { class: `badge ${value ? 'good' : 'bad'}` }, value ? yes : no);
}

function memberCard(m: MemberView, isMe: boolean): HTMLElement {
  const hasExtension = m.last_active_at !== null || m.extension_version !== null;
  return h(
    'li',
    { class: 'card member', 'data-email': m.email },
    h(
      'div',
      { class: 'card-head' },
      h('strong', { class: 'name' }, m.full_name || m.email),
      isMe ? h('span', { class: 'badge' }, 'you') : null,
      h('span', { class: `badge role-${m.role}` }, m.role),
      m.status === 'invited' ? h('span', { class: 'badge warn' }, 'invited') : null,
    ),
    m.full_name ? h('div', { class: 'muted small' }, m.email) : null,
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Extension'),
      h(
        'dd',
        {},
        hasExtension ? yesNo(m.agent_active, 'active', 'inactive') : h('span', { class: 'badge' }, 'not installed'),
        m.extension_version ? h('span', { class: 'muted small' }, ` v${m.extension_version}`) : null,
      ),
      h('dt', {}, 'Last active'),
      h('dd', {}, timeAgo(m.last_active_at)),
      h('dt', {}, 'Network'),
      h(
        'dd',
        {},
        yesNo(m.network_signed_in, 'signed in', 'signed out'),
        m.network_public_identifier ? h('span', { class: 'muted small' }, ` ${m.network_public_identifier}`) : null,
      ),
      h('dt', {}, 'Paused'),
      h('dd', {}, m.paused === null ? h('span', { class: 'muted' }, '—') : m.paused ? h('span', { class: 'badge warn' }, 'paused') : 'no'),
      hasExtension ? h('dt', {}, 'Network map') : null,
      hasExtension ? h('dd', { class: 'network-health' }, ...networkHealth(m)) : null,
      m.invite_limited_until && Date.parse(m.invite_limited_until) > Date.now() ? h('dt', {}, 'Invitations') : null,
      m.invite_limited_until && Date.parse(m.invite_limited_until) > Date.now()
        ? h('dd', {}, h('span', { class: 'badge warn' }, 'weekly limit reached'), ' until ', new Date(m.invite_limited_until).toLocaleDateString())
        : null,
    ),
  );
}

/**
 * Which calls of the network map failed lately on this member's extension: "degraded" when another
 * way still works, "broken" when none does (docs/network-map.md, "Health").
 */
function networkHealth(m: MemberView): (HTMLElement | string)[] {
  const version = m.network_map_version === null ? [] : [h('span', { class: 'muted small' }, `v${m.network_map_version} `)];
  if (!m.network_health.length) return [...version, h('span', { class: 'badge good' }, 'all calls work')];
  return [
    ...version,
    ...m.network_health.map((c) => {
      const last = c.failures[c.failures.length - 1];
      const why = last ? `${last.alternative}: ${last.status === null ? last.code : `HTTP ${last.status}`}` : '';
      const title = c.failures.map((f) => `${f.alternative} failed ${f.count}× (${f.status ?? f.code}): ${f.message}`).join('\n');
      return h(
        'div',
        { class: 'small', title, 'data-call': c.call },
        h('span', { class: `badge ${c.state === 'broken' ? 'bad' : 'warn'}` }, `${c.call} ${c.state}`),
        ` ${why}${c.working_alternative ? `; using ${c.working_alternative}` : ''}`,
      );
    }),
  ];
}
