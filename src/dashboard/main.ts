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

/**
 * The dashboard's entry: signed out, the sign-in panel; signed in, the team's sections (one on
 * screen at a time, sections.ts) with every panel mounted and kept current by the live stream.
 */
function start() {
  const app = byId('app');
  const who = byId('whoami');
  const nav = byId('sections');
  const liveState = byId('live-state');
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
    stopApp();
    showApp(moved);
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
  let live: { stop(): void } | null = null;

  const signIn = mountSignIn((session) => {
    saveSession(session);
    showApp(session);
  });

  function showApp(session: Session) {
    current = session;
    byId('sign-in').hidden = true;
    app.hidden = false;
    nav.hidden = false;
    sections.show();
    who.hidden = false;
    byId('whoami-text').textContent = `${session.user.email} (${session.role})`;
    apiKey.render(session);
    today.start(session);
    posts.start(session);
    tasks.start(session);
    inbox.start(session);
    connectionRequests.start(session);
    sequences.start(session);
    doNotContact.start(session);
    charts.start(session);
    approvals.start(session);
    void reloadMembers();
    void reloadWatchlists();
    void reloadInvitations();
    live?.stop();
    live = followChanges(session, {
      changed(kinds) {
        charts.changed([
          ...(kinds.includes('posts') ? (['watchlist'] as const) : []),
          ...(kinds.includes('sequences') ? (['sequence'] as const) : []),
          ...(kinds.includes('tasks') || kinds.includes('members') ? (['member'] as const) : []),
        ]);
        if (kinds.includes('tasks')) {
          void tasks.refresh();
          void approvals.refresh();
          void today.approvalsChanged();
          void posts.tasksChanged();
          void inbox.tasksChanged();
          void connectionRequests.tasksChanged();
          // A finished task moves its member's budgets and waiting list, and its watchlist's cycle.
          void reloadMembers();
          void reloadWatchlists();
        }
        if (kinds.includes('posts')) void posts.refresh();
        if (kinds.includes('watchlists')) void reloadWatchlists();
        if (kinds.includes('inbox')) {
          void inbox.refresh();
          void today.inboxChanged();
        }
        if (kinds.includes('invitations')) void connectionRequests.refresh();
        // A step's task moving on moves its person too; the sequences job writes that within seconds.
        if (kinds.includes('sequences')) void sequences.refresh();
        if (kinds.includes('members')) {
          void reloadMembers();
          // An invitation from another team is that team's change, not ours: asked again with ours and on every (re)connect.
          void reloadInvitations();
        }
      },
      state(state) {
        liveState.dataset.state = state;
        liveState.textContent = LIVE_WORDS[state];
        liveState.title = LIVE_TITLES[state];
      },
    });
  }

  function stopApp() {
    current = null;
    live?.stop();
    live = null;
    tasks.stop();
    posts.stop();
    inbox.stop();
    connectionRequests.stop();
    sequences.stop();
    today.stop();
    webhooks.stop();
    scopedKeys.stop();
    doNotContact.stop();
    charts.stop();
    approvals.stop();
    invitations.stop();
  }

  function signOut(message?: string) {
    const session = current;
    clearSession();
    stopApp();
    app.hidden = true;
    nav.hidden = true;
    who.hidden = true;
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
    if (current)
      signOut(`You were signed out: ${(event as CustomEvent<string>).detail}. Sign in again.`);
  });

  const saved = loadSession();
  if (saved) showApp(saved);
  else signIn.show();
}

start();
