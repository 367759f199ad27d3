import { repeat } from 'lit-html/directives/repeat.js';
import { html, nothing, render as draw } from '../ui/html.js';
import { setStatus } from './dom.js';
import {
  panelLife,
  sharedLine,
  type PanelLife,
  type PanelLifeOptions,
  type PanelView,
} from './panel-life.js';

/**
 * A dashboard panel on the one pattern (panel-life.ts): a list drawn from the answer, an empty
 * state that says what to do next, and a status line that the panel's own reloads cannot clear.
 * The panel's module keeps only its own view (the cards, the forms) and its actions.
 */

export interface PanelOptions<T, I> extends Omit<PanelLifeOptions<T>, 'show'> {
  /** The panel's status line (a `.status` paragraph). */
  status: HTMLElement;
  /**
   * Where what an action did is said, when the panel has a place of its own for it (with room for
   * a detail); without one it shares the status line, and a failed load shows over it.
   */
  said?: HTMLElement;
  /** The list the answer's items are drawn in. */
  list: HTMLElement;
  items(answer: T): readonly I[];
  item(item: I, now: number): unknown;
  /** Keeps each item's elements across redraws (a half-typed comment, the focus). */
  key?(item: I): string;
  /** What an empty list says: what there is not yet, and what to do next. */
  empty(answer: T): string;
  /** After every draw, for what else the panel shows from its answer (a title, a pager). */
  drawn?(view: PanelView<T>): void;
}

export function mountPanel<T, I>(opts: PanelOptions<T, I>): PanelLife<T> {
  function show(view: PanelView<T>) {
    if (opts.said) {
      setStatus(opts.status, view.load.text, view.load.kind);
      draw(
        view.said
          ? html`<p class="status" data-kind=${view.said.kind}>${view.said.text}</p>${view.said.detail ?? nothing}`
          : nothing,
        opts.said,
      );
    } else {
      const line = sharedLine(view);
      setStatus(opts.status, line.text, line.kind);
    }
    draw(view.answer === null ? nothing : listOf(view.answer), opts.list);
    opts.drawn?.(view);
  }

  function listOf(answer: T) {
    const items = opts.items(answer);
    const now = Date.now();
    if (!items.length) {
      const words = opts.empty(answer);
      return words ? html`<li class="empty">${words}</li>` : nothing;
    }
    const key = opts.key;
    return key ? repeat(items, key, (i) => opts.item(i, now)) : items.map((i) => opts.item(i, now));
  }

  return panelLife({ fetch: opts.fetch, note: opts.note, show });
}
