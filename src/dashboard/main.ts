import type { ChangeKind } from '../contract/live-events.js';
import { call, SESSION_REJECTED } from './api.js';
import { byId } from './dom.js';
import { mountApiKey } from './api-key.js';
import { mountApprovals } from './approvals.js';
import { followChanges, type LiveState } from './live.js';
import { mountInbox } from './inbox.js';
import { mountTeamInvitations } from './team-invitations.js';
import { mountMembers } from './members.js';
import { mountConnectionRequests } from './connection-requests.js';
import { mountPosts } from './posts.js';
import { mountSequences } from './sequences.js';
import { mountSignIn } from './sign-in.js';
import { mountTasks } from './tasks.js';
import { mountWatchlists } from './watchlists.js';
import { mountWebhooks } from './webhooks.js';
import { mountScopedKeys } from './scoped-keys.js';
import { mountDoNotContact } from './do-not-contact.js';
import { mountCharts } from './charts.js';
import type { ChartKind } from './charts-panel.js';
import { mountSections } from './sections.js';
import { mountToday } from './today.js';
import { clearSession, loadSession, saveSession, type Session } from './session.js';
import { singleFlight } from './single-flight.js';

const LIVE_WORDS: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};
const LIVE_TITLES: Record<LiveState, string> = {
  connecting: 'Opening the stream of changes',
  live: 'Changes appear as they happen',
  reconnecting: 'The stream of changes is down: the page checks for changes every 15 s meanwhile',
};

/** The charts that show what a kind of change moves. */
function chartKinds(kinds: ChangeKind[]): ChartKind[] {
  return [
    ...(kinds.includes('posts') ? (['watchlist'] as const) : []),
    ...(kinds.includes('sequences') ? (['sequence'] as const) : []),
    ...(kinds.includes('tasks') || kinds.includes('members') ? (['member'] as const) : []),
  ];
}

function showLiveState(el: HTMLElement, state: LiveState) {
  el.dataset.state = state;
  el.textContent = LIVE_WORDS[state];
  el.title = LIVE_TITLES[state];
}

/**
 * The signed-in page: the team's sections (one on screen at a time, sections.ts) with every panel
 * mounted once, started for a session and kept current by the live stream, stopped at sign-out.
 */
function mountApp() {
  let current: Session | null = null;
  const sections = mountSections();
  const today = mountToday();
  const apiKey = mountApiKey();
  const posts = mountPosts();
  const tasks = mountTasks((list) => {
    posts.taskList(list);
    today.setTasks(list);
  });
  const webhooks = mountWebhooks();
  const scopedKeys = mountScopedKeys();
  const doNotContact = mountDoNotContact();
  const approvals = mountApprovals();
  const inbox = mountInbox();
  const connectionRequests = mountConnectionRequests();
  const sequences = mountSequences();
  const charts = mountCharts();
  const members = mountMembers((view) => {
    if (current) webhooks.show(current, view.me.role === 'admin');
    if (current) scopedKeys.show(current, view.me.role === 'admin');
    apiKey.setAdmin(view.me.role === 'admin');
    tasks.setWaiting(
      new Map(
        view.members
          .flatMap((m) => m.safety?.waiting ?? [])
          .map((w) => [w.task_id, { reason: w.waiting_reason, at: w.scheduled_for }]),
      ),
    );
    sequences.setMembers(view.members.map((m) => m.email));
    charts.setMembers(view.members.filter((m) => m.user_id).map((m) => m.email));
    today.setTeam(view);
  });
  const invitations = mountTeamInvitations((moved) => {
    // Accepting moved this person: the old key and token no longer work, so the page restarts as the new team.
    saveSession(moved);
    stop();
    show(moved);
  });
  const watchlists = mountWatchlists({
    listed: (items) => {
      const choices = items.map((w) => ({ id: w.id, name: w.name }));
      posts.setWatchlists(choices);
      charts.setWatchlists(choices);
      today.setWatchlists(items);
    },
    select: (id) => posts.show(id),
  });
  const reloadMembers = singleFlight(async () => {
    if (current) await members.load(current);
  });
  const reloadWatchlists = singleFlight(async () => {
    if (current) await watchlists.load(current);
  });
  const reloadInvitations = singleFlight(async () => {
    if (current) await invitations.load(current);
  });
  /** What each kind of change on the live stream fetches again, the charts aside. */
  const refreshers: Record<ChangeKind, (() => unknown)[]> = {
    // A finished task moves its member's budgets and waiting list, and its watchlist's cycle.
    tasks: [
      tasks.refresh,
      approvals.refresh,
      today.approvalsChanged,
      posts.tasksChanged,
      inbox.tasksChanged,
      connectionRequests.tasksChanged,
      reloadMembers,
      reloadWatchlists,
    ],
    posts: [posts.refresh],
    watchlists: [reloadWatchlists],
    inbox: [inbox.refresh, today.inboxChanged],
    invitations: [connectionRequests.refresh],
    // A step's task moving on moves its person too; the sequences job writes that within seconds.
    sequences: [sequences.refresh],
    // An invitation from another team is that team's change, not ours: asked again with ours and on every (re)connect.
    members: [reloadMembers, reloadInvitations],
  };
  /** The panels a session starts, in this order. */
  const sessionPanels = [
    today,
    posts,
    tasks,
    inbox,
    connectionRequests,
    sequences,
    doNotContact,
    charts,
    approvals,
  ];
  let live: { stop(): void } | null = null;

  function show(session: Session) {
    current = session;
    byId('sign-in').hidden = true;
    byId('app').hidden = false;
    byId('sections').hidden = false;
    sections.show();
    byId('whoami').hidden = false;
    byId('whoami-text').textContent = `${session.user.email} (${session.role})`;
    apiKey.render(session);
    for (const panel of sessionPanels) panel.start(session);
    void reloadMembers();
    void reloadWatchlists();
    void reloadInvitations();
    live?.stop();
    live = followChanges(session, {
      changed(kinds) {
        charts.changed(chartKinds(kinds));
        for (const refresh of new Set(kinds.flatMap((k) => refreshers[k]))) void refresh();
      },
      state: (state) => showLiveState(byId('live-state'), state),
    });
  }

  function stop() {
    current = null;
    live?.stop();
    live = null;
    for (const panel of [...sessionPanels, webhooks, scopedKeys, invitations]) panel.stop();
  }

  return {
    get current() {
      return current;
    },
    show,
    stop,
  };
}

/** The dashboard's entry: signed out, the sign-in panel; signed in, the team's page (mountApp). */
function start() {
  const page = mountApp();
  const signIn = mountSignIn((session) => {
    saveSession(session);
    page.show(session);
  });

  function signOut(message?: string) {
    const session = page.current;
    clearSession();
    page.stop();
    byId('app').hidden = true;
    byId('sections').hidden = true;
    byId('whoami').hidden = true;
    signIn.show(message);
    // Revoke this tab's agent token too; the page is signed out whether or not this arrives. Kept
    // alive: a reload or a closed tab right after the click would otherwise cancel the revocation.
    if (session && !message)
      void call('POST', '/agent/sign-out', { auth: 'member', session, keepalive: true }).catch(
        () => {},
      );
  }

  byId('sign-out').addEventListener('click', () => signOut());
  window.addEventListener(SESSION_REJECTED, (event) => {
    if (page.current)
      signOut(`You were signed out: ${(event as CustomEvent<string>).detail}. Sign in again.`);
  });

  const saved = loadSession();
  if (saved) page.show(saved);
  else signIn.show();
}

start();
