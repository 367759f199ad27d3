import type { SequencesResponse, SequenceView } from '../contract/sequences.js';
import { SEQUENCES_PAGE } from '../contract/page-sizes.js';
import { call } from './api.js';
import { byId } from './dom.js';
import { mountPanel } from './panel.js';
import type { Session } from './session.js';
import { sequenceCard } from './sequence-card.js';
import { openedSequence } from './sequence-opened.js';
import { mountSequenceForm, type NewSequence } from './sequence-form.js';

/** Every sequence of the team: the list comes in pages (a business plan holds more than one). */
async function everySequence(session: Session): Promise<SequenceView[]> {
  const all: SequenceView[] = [];
  let after: string | null = null;
  do {
    const page: SequencesResponse = await call<SequencesResponse>('GET', '/api-sequences', {
      session,
      query: { limit: SEQUENCES_PAGE.max, after },
    });
    all.push(...page.sequences);
    after = page.next;
  } while (after);
  return all;
}

/**
 * Sequences (docs/sequences.md): the team's list with each one's funnel; pause, resume, delete;
 * a new one built from steps with a live preview (sequence-form.ts); and one opened to enroll
 * people and follow each of them (sequence-detail.ts). Every step runs as a task in the sender's
 * extension, under their budgets, pace and working hours.
 */
export function mountSequences(): {
  start(session: Session): void;
  refresh(): Promise<void>;
  /** The team's members' e-mails, offered as senders. */
  setMembers(emails: string[]): void;
  stop(): void;
} {
  const details = byId<HTMLDetailsElement>('create-sequence');
  let deleting: string | null = null;
  /** Sequences whose pause, resume or delete is on its way: their buttons wait. */
  const busy = new Set<string>();
  let seen: SequenceView[] | null = null;
  const form = mountSequenceForm(byId('sequence-form'), create);
  const opened = openedSequence(
    () => life.session,
    () => life.show(),
  );
  const life = mountPanel({
    status: byId('sequences-status'),
    list: byId('sequence-list'),
    fetch: async (session) => {
      const all = await everySequence(session);
      await opened.listed(session, all);
      return all;
    },
    items: (all) => all,
    key: (q) => q.id,
    item: card,
    empty: () =>
      'No sequences yet. Build the first one under “New sequence” below, then enroll people in it.',
    drawn({ answer }) {
      if (!answer || answer === seen) return;
      seen = answer;
      // With none yet, the form is where to start.
      if (!answer.length) details.open = true;
    },
  });

  async function create(body: NewSequence) {
    const s = life.session;
    if (!s) return;
    const made = await call<SequenceView>('POST', '/api-sequences', {
      auth: 'member',
      session: s,
      body,
    });
    details.open = false;
    opened.open(made.id);
    life.say(`Created “${made.name}”. Enroll people in it below.`, 'ok');
    await life.refresh();
  }

  /** Pause, resume or delete: the card's buttons wait for the answer, and the panel says what it did. */
  function change(q: SequenceView, method: 'PATCH' | 'DELETE', done: string, body?: object) {
    if (!life.session) return;
    busy.add(q.id);
    life.show();
    const path = `/api-sequences/${encodeURIComponent(q.id)}`;
    return life.act(async (session) => {
      try {
        await call(method, path, { auth: 'member', session, body });
      } finally {
        busy.delete(q.id);
      }
    }, done);
  }

  const setPaused = (q: SequenceView, paused: boolean) =>
    change(
      q,
      'PATCH',
      paused
        ? `Paused “${q.name}”: no step of anyone runs until it is resumed.`
        : `Resumed “${q.name}”.`,
      { status: paused ? 'paused' : 'active' },
    );

  function remove(q: SequenceView) {
    deleting = null;
    opened.close(q.id);
    return change(q, 'DELETE', `Deleted “${q.name}”: everyone in it stopped.`);
  }

  function askDelete(id: string | null) {
    deleting = id;
    life.show();
  }

  function card(q: SequenceView, now: number) {
    const state = {
      detail: opened.of(q.id),
      busy: busy.has(q.id),
      deleting: deleting === q.id,
    };
    return sequenceCard(
      q,
      state,
      {
        toggle: () => void opened.toggle(q.id),
        setPaused: (paused) => void setPaused(q, paused),
        askDelete: (ask) => askDelete(ask ? q.id : null),
        remove: () => void remove(q),
        detail: opened.actions,
      },
      now,
    );
  }

  return {
    start(s) {
      form.start(s.user.email);
      void life.start(s);
    },
    refresh: life.refresh,
    setMembers: form.setMembers,
    stop() {
      opened.close();
      deleting = null;
      seen = null;
      busy.clear();
      form.stop();
      life.stop();
    },
  };
}
