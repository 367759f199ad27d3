import type { ClaimableWork } from '../claimable-work.js';
import { mayRun, type Waiter } from './waiting-claim-registry.js';

/**
 * Wakes, per due group of the shared re-check's answer, the claims that may take it: an assigned
 * member's, or up to `due` members' (one claim per member). A woken claim that takes nothing calls
 * `passOn(teamId)`'s answer. Returns the teams whose every due task a woken claim is on its way to
 * look for.
 */
export function wakeForDueWork(
  work: ClaimableWork,
  claimsOf: (teamId: string) => Waiter[],
  passOn: (teamId: string) => () => void,
): Set<string> {
  const handed = new Set<string>();
  for (const [teamId, groups] of work.dueByTeam) {
    const claims = claimsOf(teamId);
    if (claims.length === 0) continue;
    const woken = new Set<string>();
    let all = true;
    // Assigned work first: only one member can take it.
    const ordered = [...groups].sort(
      (a, b) => Number(b.assignedUserId !== null) - Number(a.assignedUserId !== null),
    );
    for (const g of ordered) {
      let left = g.assignedUserId === null ? g.due : 1;
      for (const w of claims) {
        if (left === 0) break;
        if (woken.has(w.userId) || !mayRun(w, { type: g.type, assignedUserId: g.assignedUserId }))
          continue;
        const blocked = work.blocked.get(w.userId);
        if (blocked === null || blocked?.includes(g.type)) continue;
        woken.add(w.userId);
        // Held by a budget or working hours, or taken by another: claims of the team look again.
        w.wake({ passOn: passOn(teamId) });
        left--;
      }
      if (left > 0) all = false;
    }
    if (all) handed.add(teamId);
  }
  return handed;
}
