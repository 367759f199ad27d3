import { describe, expect, it } from 'vitest';
import { collectPages, type Page, type PageRequest } from '../../../src/network/paging.js';

// Paging inside a task: short pages are not the end; the end is an empty page, a page with nothing
// new, a missing token, or an offset past the total.

function network(
  items: string[],
  opts: { pageMax: number; by: 'start' | 'token'; total?: (n: number) => number | null },
) {
  const asked: PageRequest[] = [];
  const fetchPage = async (r: PageRequest): Promise<Page<string>> => {
    asked.push(r);
    const from = opts.by === 'token' ? Number(r.token ?? 0) : r.start;
    const page = items.slice(from, from + Math.min(r.count, opts.pageMax));
    const next = from + page.length;
    return {
      items: page,
      size: page.length,
      total: opts.total ? opts.total(items.length) : null,
      token: opts.by === 'token' && next < items.length ? String(next) : null,
      by: opts.by,
    };
  };
  return { fetchPage, asked };
}
const run = (n: ReturnType<typeof network>, want: number, start = 0) =>
  collectPages({ want, start, fetchPage: n.fetchPage, key: (x) => x, pause: async () => {} });
const items = (k: number) => Array.from({ length: k }, (_, i) => `item-${i}`);

describe('collectPages', () => {
  it('keeps asking after short pages until it has what was asked for', async () => {
    const n = network(items(7), { pageMax: 2, by: 'start' });
    expect((await run(n, 5)).items).toEqual(items(5));
    expect(n.asked.map((a) => [a.start, a.count])).toEqual([
      [0, 5],
      [2, 3],
      [4, 1],
    ]);
  });

  it('stops at an empty page when the network has fewer than asked', async () => {
    const n = network(items(3), { pageMax: 2, by: 'start' });
    expect((await run(n, 10)).items).toEqual(items(3));
    expect(n.asked).toHaveLength(3);
  });

  it('follows tokens, and stops when the answer carries none', async () => {
    const n = network(items(5), { pageMax: 2, by: 'token' });
    expect((await run(n, 100)).items).toEqual(items(5));
    expect(n.asked.map((a) => a.token)).toEqual([null, '2', '4']);
  });

  it('stops past a total, and treats a total that is a ceiling as one', async () => {
    const exact = network(items(4), { pageMax: 2, by: 'start', total: (k) => k });
    expect((await run(exact, 100)).items).toHaveLength(4);
    expect(exact.asked).toHaveLength(2);
    const ceiling = network(items(4), { pageMax: 2, by: 'start', total: (k) => k + 40 });
    expect(await run(ceiling, 100)).toEqual({ items: items(4), total: 44 });
    expect(ceiling.asked).toHaveLength(3);
  });

  it('stops when a page brings nothing new (a network that ignores the offset)', async () => {
    const asked: PageRequest[] = [];
    const same = async (r: PageRequest): Promise<Page<string>> => {
      asked.push(r);
      return { items: ['a', 'b'], size: 2, total: null, token: null, by: 'start' };
    };
    const out = await collectPages({
      want: 10,
      fetchPage: same,
      key: (x) => x,
      pause: async () => {},
    });
    expect(out.items).toEqual(['a', 'b']);
    expect(asked).toHaveLength(2);
  });

  it('starts at the asked offset and pauses between pages, not before the first', async () => {
    const n = network(items(10), { pageMax: 3, by: 'start' });
    let pauses = 0;
    const out = await collectPages({
      want: 4,
      start: 5,
      fetchPage: n.fetchPage,
      key: (x) => x,
      pause: async () => void pauses++,
    });
    expect(out.items).toEqual(['item-5', 'item-6', 'item-7', 'item-8']);
    expect(pauses).toBe(1);
  });
});
