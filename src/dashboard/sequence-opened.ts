import type { SequenceView } from '../contract/sequences.js';
import type { Session } from './session.js';
import {
  type detailView,
  enrollPasted,
  exportCsv,
  importCsv,
  loadDetail,
  openDetail,
  type SequenceDetail,
  stopEnrollment,
} from './sequence-detail.js';

/** What the opened sequence's detail does on a click (sequence-detail.ts). */
type DetailActions = Parameters<typeof detailView>[1];

/**
 * The one sequence opened under its card in the sequences panel: opened and closed by its card,
 * read again with the list (its people move on with it) and after each thing done in it (enroll,
 * stop one, a CSV), each followed by `show`.
 */
export function openedSequence(session: () => Session | null, show: () => void) {
  let detail: SequenceDetail | null = null;

  /** Work on the opened sequence: its detail is read again after. */
  async function work(what: (s: Session, d: SequenceDetail) => Promise<void>) {
    const s = session();
    const d = detail;
    if (!s || !d) return;
    show();
    await what(s, d);
    await loadDetail(s, d);
    show();
  }

  const actions: DetailActions = {
    paste: (t) => {
      if (detail) detail.pasted = t;
    },
    enroll: () => void work(enrollPasted),
    filter: (state) => {
      if (detail) detail.stateFilter = state;
      void work(async () => {});
    },
    stop: (e) => void work((s, d) => stopEnrollment(s, d, e)),
    importCsv: (file) => void work((s, d) => importCsv(s, d, file)),
    exportCsv: () => void work((s, d) => exportCsv(s, d)),
  };

  return {
    actions,
    /** The detail of `id` when it is the one opened. */
    of: (id: string) => (detail?.id === id ? detail : null),
    /** Opens `id` (a sequence just made), read with the next list. */
    open(id: string) {
      detail = openDetail(id);
    },
    close(id?: string) {
      if (id === undefined || detail?.id === id) detail = null;
    },
    async toggle(id: string) {
      const s = session();
      if (!s) return;
      if (detail?.id === id) {
        detail = null;
        return show();
      }
      const d = openDetail(id);
      detail = d;
      show();
      await loadDetail(s, d);
      show();
    },
    /** With a new list: the opened one read again, or closed when it is gone. */
    async listed(s: Session, all: SequenceView[]) {
      const d = detail;
      if (!d) return;
      if (all.some((q) => q.id === d.id)) await loadDetail(s, d);
      else detail = null;
    },
  };
}
