import { describe, expect, test } from 'vitest';
import { routeOf, SECTIONS } from '../../../src/dashboard/sections.js';

/** Where a dashboard address leads (src/dashboard/sections.ts): a section, and a panel in it. */
describe('the dashboard’s addresses', () => {
  test('each section has its own address, with or without a panel to bring into view', () => {
    for (const section of SECTIONS)
      expect(routeOf(`#/${section}`)).toEqual({ section, panel: null });
    expect(routeOf('#/outreach/inbox')).toEqual({ section: 'outreach', panel: 'inbox' });
    expect(routeOf('#/team/members')).toEqual({ section: 'team', panel: 'members' });
  });

  test('no address, an unknown one or a malformed one opens Today', () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/nope',
      '#today',
      '#/Today',
      '#/outreach/',
      '#/team/a/b',
      '#/constructor',
    ])
      expect(routeOf(hash), hash).toEqual({ section: 'today', panel: null });
  });
});
