import { sendToWorker } from '../shared/messaging.js';
import type { ActionResult, AgentStatus } from '../shared/protocol.js';
import {
  acknowledgeConsent,
  ConsentCallError,
  readActivity,
  readConsent,
  withdrawConsent,
} from './consent-api.js';
import type { ConsentActions, ConsentState } from './consent-view.js';
import { latestAnswer } from './latest-answer.js';

/** While the popup stays open, the consent is read again this often: a new version asks at once. */
const CONSENT_EVERY_MS = 30_000;

interface Host {
  model: { status: AgentStatus | null; consent: ConsentState | null };
  /** Runs a member's action with the popup's busy state and message (popup.ts). */
  act(run: () => Promise<ActionResult>): Promise<void>;
  draw(): void;
}

/**
 * The consent's side of the popup: reads it from the service for whoever is signed in, and answers
 * it. "I understand, start" records the acknowledgement and resumes the agent; "Not now" pauses it,
 * so nothing is claimed, and the main view says why. Both go through the worker's own pause, which
 * tells the service at once.
 */
export function consentController(host: Host) {
  const m = host.model;
  const answers = latestAnswer();

  async function load(force = false): Promise<void> {
    const s = m.status;
    if (!s?.signed_in) {
      // Shown as the newest answer: a read still on its way for whoever was signed in is dropped.
      answers.isLatest(answers.ask());
      m.consent = null;
      return;
    }
    const who = `${s.user?.email} ${s.team?.name}`;
    const before = m.consent;
    if (!force && before?.for === who && Date.now() - before.loaded_at < CONSENT_EVERY_MS) return;
    const question = answers.ask();
    try {
      const [view, done] = await Promise.all([readConsent(), readActivity()]);
      if (!answers.isLatest(question)) return;
      const c = m.consent;
      const same = c?.for === who;
      m.consent = {
        for: who,
        view,
        done,
        error: null,
        loaded_at: Date.now(),
        open: same && c.open,
        refusing: same && c.open ? c.refusing : view.refused_types,
      };
    } catch (err) {
      if (!answers.isLatest(question)) return;
      const c = m.consent;
      // Kept as it was (nothing shown runs on it): the member sees why it could not be read.
      const error = `What runs in your name could not be read: ${(err as Error).message}`;
      m.consent =
        c?.for === who
          ? { ...c, error, loaded_at: Date.now() }
          : {
              for: who,
              view: null,
              done: [],
              error,
              loaded_at: Date.now(),
              open: false,
              refusing: [],
            };
    }
  }

  const answered = async (
    run: () => Promise<unknown>,
    paused: boolean,
    message: string,
  ): Promise<ActionResult> => {
    try {
      await run();
    } catch (err) {
      await load(true);
      return {
        ok: false,
        error:
          err instanceof ConsentCallError && err.status === 409
            ? 'The text changed while you read it. Please read it again.'
            : (err as Error).message,
      };
    }
    if (m.consent) m.consent.open = false;
    // Only a change of the pause goes to the worker: a resume or pause interrupts the agent's long
    // poll, which the acknowledgement itself may just have handed a task (the service wakes it).
    // Not paused, the agent's next look claims anyway (within seconds while the popup is open, else
    // at the minute alarm).
    const worker =
      paused !== m.status?.paused_by_user
        ? await sendToWorker('popup:set-paused', { paused })
        : ({ ok: true } as const);
    await load(true);
    return worker.ok ? { ok: true, message } : worker;
  };

  const actions: ConsentActions = {
    agree() {
      const c = m.consent;
      if (!c?.view) return;
      const { version } = c.view;
      void host.act(() =>
        answered(
          () => acknowledgeConsent(version, c.refusing),
          false,
          'Thank you. The extension works for your team now; you can pause it at any time.',
        ),
      );
    },
    notNow() {
      if (m.consent) m.consent.open = false;
      // The notice in the main view says why nothing runs, and leads back here.
      void host.act(() => sendToWorker('popup:set-paused', { paused: true }));
    },
    withdraw() {
      void host.act(() =>
        answered(
          withdrawConsent,
          true,
          'Withdrawn: nothing runs in your name until you agree again.',
        ),
      );
    },
    review(open) {
      if (!m.consent) return;
      m.consent.open = open;
      m.consent.refusing = m.consent.view?.refused_types ?? [];
      host.draw();
    },
    refuse(type, refused) {
      if (!m.consent) return;
      m.consent.refusing = refused
        ? [...new Set([...m.consent.refusing, type])]
        : m.consent.refusing.filter((t) => t !== type);
    },
  };
  return { load, actions };
}
