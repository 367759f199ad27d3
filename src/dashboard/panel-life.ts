import { errorMessage } from './api.js';
import type { Session } from './session.js';
import { singleFlight } from './single-flight.js';

/**
 * A dashboard panel's life, without its DOM (panel.ts draws it): started with a session, loaded
 * and reloaded (the live stream asks in bursts), stopped at sign-out, and what its status line
 * says. The line has two writers kept apart: the loads ("Loading…", a failed load, a note on the
 * answer) and the member's last action ("Webhook deleted.", "Added 2 entries"). What an action
 * did is kept until the next action or a stop, so the reload it causes cannot clear it.
 */

type StatusKind = 'info' | 'error' | 'ok';

interface StatusLine {
  text: string;
  kind: StatusKind;
  /** More than a line can say (the rows an upload refused), drawn under it where there is room. */
  detail?: unknown;
}

/** What the panel shows, handed over whole every time it changes. */
export interface PanelView<T> {
  /** The last answer for this session; null before the first one and after a stop. */
  answer: T | null;
  /** The loads' line: "Loading…", why the last load failed, or the note on the answer. */
  load: StatusLine;
  /** What the member's last action did, until the next action or a stop. */
  said: StatusLine | null;
  /** A first load or a new question is on its way (the loads' line says "Loading…"). */
  loading: boolean;
}

export interface PanelLifeOptions<T> {
  /** Asks the service for the panel's answer with the panel's session. */
  fetch(session: Session): Promise<T>;
  /**
   * A line about a whole answer ("Showing the latest 30 of 45.", or what part of it could not be
   * read); none unless given.
   */
  note?(answer: T): string | StatusLine;
  show(view: PanelView<T>): void;
}

export interface PanelLife<T> {
  readonly session: Session | null;
  readonly answer: T | null;
  /** Takes the session and loads; an answer still on its way for an earlier session is dropped. */
  start(session: Session): Promise<void>;
  /** Forgets the session, the answer and both lines. */
  stop(): void;
  /** The same question again (the live stream, an action): one load at a time, a burst folds into one more. */
  refresh(): Promise<void>;
  /** A new question (a filter, a page): says "Loading…", and an answer to the old question is not drawn. */
  reload(): Promise<void>;
  /** Says what an action did; the loads do not touch it. An empty text takes it away. */
  say(text: string, kind?: StatusKind, detail?: unknown): void;
  /**
   * Runs an action with the panel's session: its failure is said; on success `done` is said (if
   * given) and the panel reloads. False when it failed or the session changed meanwhile.
   */
  act(work: (session: Session) => Promise<unknown>, done?: string): Promise<boolean>;
  /** Shows the view again (state of the panel's own changed: a confirm asked, a card opened). */
  show(): void;
}

const LOADING: StatusLine = { text: 'Loading…', kind: 'info' };
const QUIET: StatusLine = { text: '', kind: 'info' };

/** What a status line shared by both writers shows: a failed load over all, else the action's word over the note. */
export function sharedLine(view: PanelView<unknown>): StatusLine {
  if (view.load.kind === 'error' || !view.said) return view.load;
  return view.said;
}

export function panelLife<T>(opts: PanelLifeOptions<T>): PanelLife<T> {
  let session: Session | null = null;
  let answer: T | null = null;
  let load: StatusLine = QUIET;
  let said: StatusLine | null = null;
  /** Bumped by reload(): an answer to an older question is not drawn. */
  let question = 0;

  const show = () => opts.show({ answer, load, said, loading: load === LOADING });

  async function loadOnce() {
    const s = session;
    if (!s) return;
    const asked = question;
    if (answer === null) {
      load = LOADING;
      show();
    }
    try {
      const next = await opts.fetch(s);
      if (s !== session || asked !== question) return;
      answer = next;
      const note = opts.note?.(next) ?? '';
      load = typeof note === 'string' ? { text: note, kind: 'info' } : note;
    } catch (err) {
      if (s !== session || asked !== question) return;
      load = { text: errorMessage(err), kind: 'error' };
    }
    show();
  }

  const refresh = singleFlight(loadOnce);

  function say(text: string, kind: StatusKind = 'info', detail?: unknown) {
    said = text ? { text, kind, detail } : null;
    show();
  }

  return {
    get session() {
      return session;
    },
    get answer() {
      return answer;
    },
    start(s) {
      if (s !== session) {
        session = s;
        answer = null;
        load = QUIET;
        said = null;
      }
      return refresh();
    },
    stop() {
      session = null;
      answer = null;
      load = QUIET;
      said = null;
      show();
    },
    refresh,
    reload() {
      question++;
      load = LOADING;
      show();
      return refresh();
    },
    say,
    async act(work, done) {
      const s = session;
      if (!s) return false;
      said = null;
      try {
        await work(s);
      } catch (err) {
        if (s === session) say(errorMessage(err), 'error');
        return false;
      }
      if (s !== session) return false;
      if (done) say(done, 'ok');
      await refresh();
      return true;
    },
    show,
  };
}
