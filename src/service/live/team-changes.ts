import type { Database } from '../db/database.js';
import { CHANGE_KINDS, type ChangeKind } from '../../contract/live-events.js';

/** The channel migration 010_team_changes.sql notifies: "<team id> <kind>". */
export const TEAM_CHANGE_CHANNEL = 'team_change';

type ChangeListener = (kind: ChangeKind) => void;

/**
 * What changed for which team, from the database's NOTIFY (so a change made by any instance reaches
 * the streams of every instance). One LISTEN per instance, fanned out to the open streams of the
 * team only. When the LISTEN connection comes back after a drop, changes may have been missed, so
 * every stream is told that everything changed.
 */
export interface TeamChanges {
  subscribe(teamId: string, listener: ChangeListener): () => void;
  /** Open streams of a team (a cap per team keeps one key from holding many connections). */
  count(teamId: string): number;
  close(): Promise<void>;
}

export async function createTeamChanges(db: Database): Promise<TeamChanges> {
  const byTeam = new Map<string, Set<ChangeListener>>();
  const emit = (teamId: string, kind: ChangeKind) => {
    for (const listener of byTeam.get(teamId) ?? []) listener(kind);
  };
  const unlisten = await db.listen(TEAM_CHANGE_CHANNEL, (payload) => {
    const [teamId, kind] = payload.split(' ');
    if (teamId && (CHANGE_KINDS as readonly string[]).includes(kind ?? ''))
      emit(teamId, kind as ChangeKind);
  });
  const unwatch = db.onListeningChange((up) => {
    if (!up) return;
    for (const teamId of byTeam.keys()) for (const kind of CHANGE_KINDS) emit(teamId, kind);
  });
  return {
    subscribe(teamId, listener) {
      let set = byTeam.get(teamId);
      if (!set) {
        set = new Set();
        byTeam.set(teamId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byTeam.delete(teamId);
      };
    },
    count: (teamId) => byTeam.get(teamId)?.size ?? 0,
    async close() {
      unwatch();
      byTeam.clear();
      await unlisten();
    },
  };
}
