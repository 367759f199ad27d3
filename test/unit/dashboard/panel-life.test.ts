import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/dashboard/api.js';
import {
  panelLife,
  sharedLine,
  type PanelLifeOptions,
  type PanelView,
} from '../../../src/dashboard/panel-life.js';
import type { Session } from '../../../src/dashboard/session.js';

const session = (token: string) => ({ agent_token: token }) as Session;

/** A panel whose loads answer when the test says, with every view it was shown. */
function harness(note?: PanelLifeOptions<string[]>['note']) {
  const asked: { session: Session; answer(v: string[]): void; fail(e: Error): void }[] = [];
  const views: PanelView<string[]>[] = [];
  const life = panelLife<string[]>({
    fetch: (s) =>
      new Promise((answer, fail) => asked.push({ session: s, answer, fail: (e) => fail(e) })),
    note,
    show: (v) => views.push(v),
  });
  const last = () => views[views.length - 1]!;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { life, asked, views, last, line: () => sharedLine(last()), settle };
}

describe('a panel’s status line', () => {
  test('what an action did stays through the reload it causes, and through the live stream’s', async () => {
    const h = harness((a) => `${a.length} shown`);
    void h.life.start(session('t1'));
    expect(h.line()).toEqual({ text: 'Loading…', kind: 'info' });
    h.asked[0]!.answer(['a', 'b']);
    await h.settle();
    expect(h.line()).toEqual({ text: '2 shown', kind: 'info' });

    const acted = h.life.act(async () => {}, 'Webhook deleted.');
    await h.settle();
    expect(h.line()).toMatchObject({ text: 'Webhook deleted.', kind: 'ok' });
    h.asked[1]!.answer(['a']);
    await acted;
    expect(h.last().answer).toEqual(['a']);
    expect(h.line()).toMatchObject({ text: 'Webhook deleted.', kind: 'ok' });
    // The loads' own line is kept beside it, for a panel with a place of its own for each.
    expect(h.last().load).toEqual({ text: '1 shown', kind: 'info' });

    const live = h.life.refresh();
    h.asked[2]!.answer([]);
    await live;
    expect(h.line()).toMatchObject({ text: 'Webhook deleted.', kind: 'ok' });
  });

  test('a detail said with it (the rows an upload refused) outlives the reload too', async () => {
    const h = harness();
    void h.life.start(session('t1'));
    h.asked[0]!.answer([]);
    await h.settle();
    h.life.say('Added 2 entries. 3 rows were not added:', 'error', ['Line 3', 'Line 5', 'Line 6']);
    const reload = h.life.refresh();
    h.asked[1]!.answer(['x', 'y']);
    await reload;
    expect(h.last().said).toEqual({
      text: 'Added 2 entries. 3 rows were not added:',
      kind: 'error',
      detail: ['Line 3', 'Line 5', 'Line 6'],
    });
  });

  test('a failed load shows over it, and a load that works again gives the line back', async () => {
    const h = harness();
    void h.life.start(session('t1'));
    h.asked[0]!.answer([]);
    await h.settle();
    h.life.say('Saved.', 'ok');
    const failing = h.life.refresh();
    h.asked[1]!.fail(new ApiError(0, 'The service cannot be reached.'));
    await failing;
    expect(h.line()).toEqual({ text: 'The service cannot be reached.', kind: 'error' });
    expect(h.last().answer).toEqual([]);
    const working = h.life.refresh();
    h.asked[2]!.answer(['a']);
    await working;
    expect(h.line()).toMatchObject({ text: 'Saved.', kind: 'ok' });
  });

  test('an action that fails says why, and the next action replaces what the last one said', async () => {
    const h = harness();
    void h.life.start(session('t1'));
    h.asked[0]!.answer([]);
    await h.settle();
    expect(
      await h.life.act(async () => {
        throw new ApiError(409, 'Already on the list');
      }, 'Added.'),
    ).toBe(false);
    expect(h.line()).toMatchObject({ text: 'Already on the list', kind: 'error' });
    expect(h.asked).toHaveLength(1);
    const acted = h.life.act(async () => {});
    await h.settle();
    h.asked[1]!.answer(['a']);
    expect(await acted).toBe(true);
    expect(h.last().said).toBeNull();
    expect(h.line()).toEqual({ text: '', kind: 'info' });
  });

  test('a stop forgets the answer and both lines', async () => {
    const h = harness((a) => `${a.length} shown`);
    void h.life.start(session('t1'));
    h.asked[0]!.answer(['a']);
    await h.settle();
    h.life.say('Key revoked.', 'ok');
    h.life.stop();
    expect(h.last()).toEqual({
      answer: null,
      load: { text: '', kind: 'info' },
      said: null,
      loading: false,
    });
    expect(h.life.session).toBeNull();
  });
});

describe('a panel’s loads', () => {
  test('an answer for a session since stopped or replaced is not shown', async () => {
    const h = harness();
    void h.life.start(session('old'));
    h.life.stop();
    const started = h.life.start(session('new'));
    h.asked[0]!.answer(['old team’s']);
    await h.settle();
    expect(h.asked[1]!.session.agent_token).toBe('new');
    h.asked[1]!.answer(['new team’s']);
    await started;
    expect(h.views.some((v) => v.answer?.[0] === 'old team’s')).toBe(false);
    expect(h.last().answer).toEqual(['new team’s']);
  });

  test('a burst of refreshes during a load folds into one more load', async () => {
    const h = harness();
    const first = h.life.start(session('t1'));
    void h.life.refresh();
    void h.life.refresh();
    expect(h.asked).toHaveLength(1);
    h.asked[0]!.answer(['a']);
    await h.settle();
    expect(h.asked).toHaveLength(2);
    h.asked[1]!.answer(['a', 'b']);
    await first;
    expect(h.asked).toHaveLength(2);
    expect(h.last().answer).toEqual(['a', 'b']);
  });

  test('a new question says Loading…; the answer to the old one, still on its way, is not drawn', async () => {
    const h = harness((a) => `${a.length} shown`);
    void h.life.start(session('t1'));
    h.asked[0]!.answer(['a']);
    await h.settle();
    const live = h.life.refresh();
    const filtered = h.life.reload();
    expect(h.line()).toEqual({ text: 'Loading…', kind: 'info' });
    expect(h.last().loading).toBe(true);
    const shownBefore = h.views.length;
    h.asked[1]!.answer(['unfiltered', 'answer']);
    await h.settle();
    expect(h.views).toHaveLength(shownBefore);
    h.asked[2]!.answer(['filtered']);
    await Promise.all([live, filtered]);
    expect(h.last().answer).toEqual(['filtered']);
    expect(h.line()).toEqual({ text: '1 shown', kind: 'info' });
    expect(h.last().loading).toBe(false);
  });
});
