import { browser } from 'wxt/browser';
import { sendToWorker } from '../../src/agent/messaging.js';
import { serviceOrigin } from '../../src/agent/default-service-url.js';
import type { ActionResult, AgentStatus } from '../../src/agent/protocol.js';
import { describeActivity, describeStop, describeTaskType, timeAgo } from '../../src/agent/popup-text.js';

/** The popup: sign-in by e-mail code, then the agent's state and controls. Plain DOM, no framework. */

/** The header pill's colour per toolbar state: green works, amber paused, red needs the member. */
const PILL_CLASS: Record<AgentStatus['badge']['state'], string> = {
  ready: 'ready',
  working: 'working',
  paused: 'paused',
  safety_stop: 'paused',
  network_signed_out: 'off',
  service_unreachable: 'off',
  signed_out: 'off',
};

const app = document.querySelector<HTMLElement>('#app')!;
const badge = document.querySelector<HTMLElement>('#badge')!;
let status: AgentStatus | null = null;
let message: { kind: 'error' | 'info' | 'warn'; text: string } | null = null;
let busy = false;
/** The sign-in form keeps what was typed across re-renders. */
const draft = { service_url: '', email: '', full_name: '', otp: '' };

function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string | null)[]) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') el.className = String(v);
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v as EventListener);
    else if (typeof v === 'boolean') (el as unknown as Record<string, unknown>)[k] = v;
    else if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null) el.append(c);
  return el;
}

const row = (label: string, value: Node | string, testId?: string) =>
  h('div', { class: 'row', 'data-testid': testId }, h('span', {}, label), h('span', {}, value));

function messageBox() {
  return message ? h('p', { class: `msg ${message.kind}`, role: message.kind === 'error' ? 'alert' : 'status', 'data-testid': 'message' }, message.text) : null;
}

async function act(run: () => Promise<ActionResult>, success?: string) {
  if (busy) return;
  busy = true;
  message = null;
  render();
  try {
    const result = await run();
    message = result.ok ? (success ? { kind: 'info', text: success } : null) : { kind: 'error', text: result.error };
  } catch (err) {
    message = { kind: 'error', text: `The extension did not answer: ${(err as Error).message}` };
  } finally {
    busy = false;
  }
  await refresh();
}

async function onSendCode(ev: Event) {
  ev.preventDefault();
  const url = draft.service_url.trim().replace(/\/+$/, '');
  const origin = serviceOrigin(url);
  // Another service than the built-in one is an optional host permission, asked for now (this is
  // the user's click, which permissions.request needs) and never up front.
  if (origin && status && origin !== serviceOrigin(status.default_service_url)) {
    const granted = await browser.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
    if (!granted) {
      message = { kind: 'error', text: `Without permission for ${origin} the extension cannot reach that service.` };
      return render();
    }
  }
  await act(() => sendToWorker('popup:send-code', { service_url: url, email: draft.email, full_name: draft.full_name }));
}

function signInForm(s: AgentStatus) {
  if (!draft.service_url) draft.service_url = s.service_url;
  const input = (key: keyof typeof draft, props: Record<string, unknown>) =>
    h('input', { ...props, value: draft[key], oninput: (e: Event) => (draft[key] = (e.target as HTMLInputElement).value) });
  if (s.pending_sign_in) {
    return h(
      'form',
      { onsubmit: (e: Event) => (e.preventDefault(), void act(() => sendToWorker('popup:verify-code', { otp: draft.otp }))) },
      h('p', {}, 'We sent a 6-digit code to ', h('span', { class: 'who' }, s.pending_sign_in.email), '. Enter it to sign in.'),
      h('label', { for: 'otp' }, 'Code'),
      input('otp', { id: 'otp', type: 'text', class: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', maxlength: 6, required: true }),
      messageBox(),
      h('button', { class: 'primary', type: 'submit', disabled: busy }, busy ? 'Checking…' : 'Sign in'),
      h(
        'div',
        { class: 'actions' },
        h('button', { class: 'link', type: 'button', onclick: () => void act(() => sendToWorker('popup:send-code', { service_url: s.pending_sign_in!.service_url, email: s.pending_sign_in!.email, full_name: draft.full_name }), 'A new code is on its way.') }, 'Send a new code'),
        h('button', { class: 'link', type: 'button', onclick: () => void act(() => sendToWorker('popup:restart-sign-in', {})) }, 'Use another address'),
      ),
    );
  }
  return h(
    'form',
    { onsubmit: onSendCode },
    h('p', { class: 'muted' }, 'Sign in with your work e-mail. We will mail you a code.'),
    h('label', { for: 'service-url' }, 'Service'),
    input('service_url', { id: 'service-url', type: 'url', required: true }),
    h('label', { for: 'email' }, 'E-mail'),
    input('email', { id: 'email', type: 'email', autocomplete: 'email', required: true }),
    h('label', { for: 'full-name' }, 'Name'),
    input('full_name', { id: 'full-name', type: 'text', autocomplete: 'name' }),
    messageBox(),
    h('button', { class: 'primary', type: 'submit', disabled: busy }, busy ? 'Sending…' : 'Send code'),
  );
}

function networkRow(s: AgentStatus) {
  const n = s.network;
  if (n?.signed_in) return row('Network', h('span', { class: 'ok' }, `Signed in as ${n.full_name ?? n.public_identifier ?? 'you'}`), 'network');
  const why = n?.problem?.code === 'network_signed_out' || !n ? 'Signed out' : n.problem?.message ?? 'Not available';
  return row(
    'Network',
    h('span', {}, h('span', { class: 'bad' }, why), ' ', h('button', { class: 'link', 'data-testid': 'open-network', onclick: () => void act(() => sendToWorker('popup:open-network-sign-in', {})) }, 'Sign in to the network')),
    'network',
  );
}

function dashboard(s: AgentStatus) {
  const stop = s.safety_stop;
  const paused = s.paused_by_user;
  return h(
    'div',
    {},
    h('p', { 'data-testid': 'identity' }, h('span', { class: 'who' }, s.user!.full_name || s.user!.email), h('br'), h('span', { class: 'muted' }, `${s.user!.email} · ${s.team!.name}${s.role === 'admin' ? ' (admin)' : ''}`)),
    stop ? h('p', { class: 'msg warn', 'data-testid': 'safety-stop' }, describeStop(stop)) : null,
    paused ? h('p', { class: 'msg info', 'data-testid': 'paused' }, 'Paused: no tasks are taken until you resume.') : null,
    networkRow(s),
    row(
      'Service',
      s.service.reachable === false
        ? h('span', { class: 'bad' }, 'Unreachable')
        : s.service.error
          ? h('span', { class: 'warn' }, s.service.error)
          : h('span', { class: 'ok' }, s.service.reachable ? 'Reachable' : 'Connecting…'),
      'service',
    ),
    row('Last heartbeat', s.service.last_heartbeat_at ? timeAgo(s.service.last_heartbeat_at, Date.now()) : 'not yet', 'heartbeat'),
    row('Working on', s.current_task ? `${describeTaskType(s.current_task.type)} (${timeAgo(s.current_task.started_at, Date.now())})` : 'nothing', 'current-task'),
    row('Today', `${s.today.completed} done, ${s.today.failed} failed`, 'today'),
    h('label', { class: 'toggle' },
      h('input', { type: 'checkbox', 'data-testid': 'safe-mode', checked: s.safe_mode, onchange: (e: Event) => void act(() => sendToWorker('popup:set-safe-mode', { enabled: (e.target as HTMLInputElement).checked })) }),
      'Safe mode: space actions 30–60 s apart, at most 50 calls an hour',
    ),
    messageBox(),
    h('div', { class: 'actions' },
      h('button', { 'data-testid': 'pause', onclick: () => void act(() => sendToWorker('popup:set-paused', { paused: !paused })) }, paused ? 'Resume' : 'Pause'),
      h('button', { 'data-testid': 'sign-out', onclick: () => void act(() => sendToWorker('popup:sign-out', {})) }, 'Sign out'),
    ),
    s.recent.length
      ? h('div', {}, h('h2', {}, 'Recent'), h('ul', { class: 'activity', 'data-testid': 'activity' }, ...s.recent.map((a) => h('li', {}, h('span', {}, describeActivity(a)), h('span', {}, timeAgo(a.at, Date.now()))))))
      : null,
  );
}

function render() {
  if (!status) return;
  const s = status;
  badge.hidden = !s.signed_in;
  // The same state as the toolbar icon, in words.
  badge.textContent = s.badge.label;
  badge.title = s.badge.title;
  badge.className = `pill ${PILL_CLASS[s.badge.state]}`;
  // Re-rendering the form while someone types would move the caret: only the message changes then.
  const focused = document.activeElement as HTMLInputElement | null;
  const focusId = focused?.id;
  app.replaceChildren(s.signed_in ? dashboard(s) : signInForm(s));
  if (focusId) document.getElementById(focusId)?.focus();
}

async function refresh() {
  try {
    status = await sendToWorker('popup:status', {});
  } catch (err) {
    app.replaceChildren(h('p', { class: 'msg error' }, `The extension did not answer: ${(err as Error).message}`));
    return;
  }
  render();
}

void refresh();
// The popup is open for seconds to minutes: keep heartbeat age and task progress current.
setInterval(() => {
  const typing = document.activeElement instanceof HTMLInputElement && document.activeElement.type !== 'checkbox';
  if (!busy && !typing) void refresh();
}, 2_000);
