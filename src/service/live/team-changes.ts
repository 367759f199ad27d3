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
  /** Resolves once every change made after it is heard; answers the unsubscribe function. */
  subscribe(teamId: string, listener: ChangeListener): Promise<() => void>;
  /** Open streams of a team (a cap per team keeps one key from holding many connections). */
  count(teamId: string): number;
  close(): Promise<void>;
}

/**
 * Whether the database announces team changes (migration 045): on PGlite, whose one instance knows
 * every stream, only while one is open; on PostgreSQL always. A statement sent after the switch runs
 * after it (one connection), so a change made once `subscribe` resolves is announced.
 */
function announcementSwitch(db: Database) {
  if (db.kind !== 'pglite') return async (_on: boolean) => {};
  return async (on: boolean) => {
    await db.query(`SET network_agent.team_changes = '${on ? 'on' : 'off'}'`);
  };
}

export async function createTeamChanges(db: Database): Promise<TeamChanges> {
  const byTeam = new Map<string, Set<ChangeListener>>();
  const announce = announcementSwitch(db);
  let streams = 0;
  await announce(false);
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
    async subscribe(teamId, listener) {
      let set = byTeam.get(teamId);
      if (!set) {
        set = new Set();
        byTeam.set(teamId, set);
      }
      set.add(listener);
      let subscribed = true;
      const unsubscribe = () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(listener);
        if (set.size === 0) byTeam.delete(teamId);
        if (--streams === 0) announce(false).catch(() => {});
      };
      if (++streams === 1) {
        // The database is away: the stream fails to open and leaves nothing subscribed.
        await announce(true).catch((err: unknown) => {
          unsubscribe();
          throw err;
        });
      }
      return unsubscribe;
    },
    count: (teamId) => byTeam.get(teamId)?.size ?? 0,
    async close() {
      unwatch();
      byTeam.clear();
      await unlisten();
    },
  };
}
