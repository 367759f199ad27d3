import { render } from '../ui/html.js';
import { browser } from 'wxt/browser';
import {
  serviceAddressProblem,
  serviceOrigin,
  servicePermission,
} from '../shared/default-service-url.js';
import { sendToWorker } from '../shared/messaging.js';
import type { ActionResult } from '../shared/protocol.js';
import { pillView, popupView, type PopupActions, type PopupModel } from './view.js';
import { consentController } from './consent-controller.js';
import { latestAnswer } from './latest-answer.js';
import { wordWaits } from '../ui/time.js';

/** How often the popup asks the worker again with nothing else to go by (deliveries live in IndexedDB). */
const REFRESH_EVERY_MS = 5_000;
/** The clock of a running task and the "… ago" words move on every second, drawn from the last answer. */
const TICK_MS = 1_000;

/**
 * The popup: sign-in by e-mail code, then the agent's state and controls. It asks the worker for
 * its state when it opens, whenever the extension's stored state changes (a task starts or ends, a
 * heartbeat, a pause), and every few seconds; between answers it only redraws the clock.
 */
export function startPopup(app: HTMLElement, pill: HTMLElement): void {
  const m: PopupModel = {
    status: null,
    unreachable: null,
    message: null,
    busy: false,
    confirmResume: false,
    draft: { service_url: '', email: '', full_name: '', otp: '' },
    now: Date.now(),
    consent: null,
  };

  // Another screen (the consent, the main view) starts at its top, not where the last one was scrolled.
  let screen = '';
  const draw = () => {
    m.now = Date.now();
    render(popupView(m, on), app);
    render(pillView(m), pill);
    const now =
      app.firstElementChild?.getAttribute('data-testid') === 'consent' ? 'consent' : 'main';
    if (now !== screen) window.scrollTo(0, 0);
    screen = now;
  };

  const statusAnswers = latestAnswer();
  async function refresh() {
    const question = statusAnswers.ask();
    try {
      const was = m.status?.signed_in;
      const status = await sendToWorker('popup:status', {});
      if (!statusAnswers.isLatest(question)) return;
      m.status = status;
      // Signed out meanwhile (by the service): what was said to the signed-in member is over.
      if (was && !m.status.signed_in) m.message = null;
      m.unreachable = null;
      if (!m.draft.service_url) m.draft.service_url = m.status.service_url;
      if (!m.status.safety_stop) m.confirmResume = false;
      await consent.load();
    } catch (err) {
      if (!statusAnswers.isLatest(question)) return;
      m.unreachable = (err as Error).message;
    }
    draw();
  }

  async function act(run: () => Promise<ActionResult>, success?: string) {
    if (m.busy) return;
    m.busy = true;
    m.message = null;
    draw();
    try {
      const result = await run();
      const said = result.ok ? (result.message ?? success) : null;
      m.message = result.ok
        ? said
          ? { kind: 'info', text: said }
          : null
        : { kind: 'error', text: wordWaits(result.error) };
    } catch (err) {
      m.message = {
        kind: 'error',
        text: `The extension did not answer: ${(err as Error).message}`,
      };
    } finally {
      m.busy = false;
    }
    await refresh();
  }

  const consent = consentController({ model: m, act, draw });

  const on: PopupActions = {
    ...consent.actions,
    async sendCode(ev) {
      ev.preventDefault();
      const url = m.draft.service_url.trim().replace(/\/+$/, '');
      const problem = serviceAddressProblem(url);
      if (problem) {
        m.message = { kind: 'error', text: problem };
        return draw();
      }
      const origin = serviceOrigin(url);
      // Another service than the built-in one is an optional host permission, asked for now (this
      // is the member's click, which permissions.request needs) and never up front.
      if (origin && m.status && origin !== serviceOrigin(m.status.default_service_url)) {
        if (m.busy) return;
        // The browser's prompt can open away from the popup: the popup says what it waits for.
        m.busy = true;
        m.message = {
          kind: 'info',
          text: `Waiting for you to allow access to ${origin} in the browser's prompt…`,
        };
        draw();
        const granted = await browser.permissions
          .request({ origins: [servicePermission(origin, import.meta.env.FIREFOX)] })
          .catch(() => false);
        m.busy = false;
        m.message = null;
        if (!granted) {
          m.message = {
            kind: 'error',
            text: `Without permission for ${origin} the extension cannot reach that service.`,
          };
          return draw();
        }
      }
      await act(() =>
        sendToWorker('popup:send-code', {
          service_url: url,
          email: m.draft.email,
          full_name: m.draft.full_name,
        }),
      );
    },
    verifyCode(ev) {
      ev.preventDefault();
      void act(() => sendToWorker('popup:verify-code', { otp: m.draft.otp }));
    },
    resendCode() {
      const pending = m.status?.pending_sign_in;
      if (!pending) return;
      void act(
        () =>
          sendToWorker('popup:send-code', {
            service_url: pending.service_url,
            email: pending.email,
            full_name: m.draft.full_name,
          }),
        'A new code is on its way.',
      );
    },
    restartSignIn: () => void act(() => sendToWorker('popup:restart-sign-in', {})),
    signOut: () => void act(() => sendToWorker('popup:sign-out', {})),
    setPaused: (paused) => void act(() => sendToWorker('popup:set-paused', { paused })),
    setSafeMode: (enabled) => void act(() => sendToWorker('popup:set-safe-mode', { enabled })),
    askResume(show) {
      m.confirmResume = show;
      draw();
    },
    endSafetyStop() {
      m.confirmResume = false;
      void act(() => sendToWorker('popup:end-safety-stop', {}));
    },
    acceptAccount: () => void act(() => sendToWorker('popup:accept-network-account', {})),
    openNetworkSignIn: () => void act(() => sendToWorker('popup:open-network-sign-in', {})),
    answerInvitation: (teamId, accept) =>
      void act(() => sendToWorker('popup:answer-invitation', { team_id: teamId, accept })),
    edit(field, value) {
      m.draft[field] = value;
    },
  };

  // The page's own "Loading…" goes: lit-html adds to a container, it does not clear it.
  app.replaceChildren();
  draw();
  void refresh();
  let soon: ReturnType<typeof setTimeout> | undefined;
  browser.storage.onChanged.addListener(() => {
    clearTimeout(soon);
    soon = setTimeout(() => void refresh(), 100);
  });
  setInterval(() => void refresh(), REFRESH_EVERY_MS);
  setInterval(() => {
    if (m.status?.signed_in) draw();
  }, TICK_MS);
}
