import { call, SESSION_REJECTED } from './api.js';
import { byId } from './dom.js';
import { mountApiKey } from './api-key.js';
import { mountMembers } from './members.js';
import { mountPosts } from './posts.js';
import { mountSignIn } from './sign-in.js';
import { mountTasks } from './tasks.js';
import { mountWatchlists } from './watchlists.js';
import { clearSession, loadSession, saveSession, type Session } from './session.js';

/** The dashboard's entry: signed out, the sign-in panel; signed in, the team's panels. */
function start() {
  const app = byId('app');
  const who = byId('whoami');

  const apiKey = mountApiKey();
  const members = mountMembers();
  const posts = mountPosts();
  const tasks = mountTasks();
  let current: Session | null = null;
  const watchlists = mountWatchlists((w) => {
    if (current) posts.show(current, w);
  });
  const signIn = mountSignIn((session) => {
    saveSession(session);
    showApp(session);
  });

  function showApp(session: Session) {
    current = session;
    byId('sign-in').hidden = true;
    app.hidden = false;
    who.hidden = false;
    byId('whoami-text').textContent = `${session.user.email} (${session.role})`;
    apiKey.render(session);
    void members.load(session);
    void watchlists.load(session);
    void tasks.load(session);
  }

  function signOut(message?: string) {
    const session = current;
    current = null;
    clearSession();
    tasks.stop();
    posts.show(null, null);
    app.hidden = true;
    who.hidden = true;
    signIn.show(message);
    // Revoke this tab's agent token too; the page is signed out whether or not this arrives.
    if (session && !message) void call('POST', '/agent/sign-out', { auth: 'member', session }).catch(() => {});
  }

  byId('sign-out').addEventListener('click', () => signOut());
  window.addEventListener(SESSION_REJECTED, (event) => {
    if (current) signOut(`You were signed out: ${(event as CustomEvent<string>).detail}. Sign in again.`);
  });

  const saved = loadSession();
  if (saved) showApp(saved);
  else signIn.show();
}

start();
