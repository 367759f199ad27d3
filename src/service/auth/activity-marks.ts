import type { Queryable } from '../db/database.js';

/**
 * `last_active_at` decides the 48-hour rule and is shown as "active just now": a mark every few
 * seconds per member is as good as one per call, which was a write on every claim, result and
 * lease extension. Each instance marks a member at most once per MARK_EVERY_MS; the heartbeat
 * (every minute) always writes it. A member's first mark on an instance is written by its call;
 * later ones are written together, every MARK_FLUSH_MS, in one statement for every member due.
 */
export const MARK_EVERY_MS = 30_000;
const MARK_FLUSH_MS = 2_000;
/**
 * Marks per statement. The marks of every member of a large team in one statement hold PGlite's one
 * connection while it runs, and every request behind it waits; batches written one after another
 * let other statements run between them.
 */
export const MARK_BATCH = 100;

interface Mark {
  teamId: string;
  userId: string;
  tokenHash: Buffer;
}

/** Marks the members' activity and their tokens' use, in one statement for any number. */
export async function writeMarks(db: Queryable, marks: Mark[]): Promise<void> {
  await db.query(
    `WITH token AS (
       UPDATE agent_tokens SET last_used_at = now()
        WHERE token_hash IN (SELECT decode(h, 'hex') FROM unnest($3::text[]) h))
     UPDATE memberships m SET last_active_at = now()
       FROM unnest($1::uuid[], $2::uuid[]) AS x(team_id, user_id)
      WHERE m.team_id = x.team_id AND m.user_id = x.user_id`,
    [
      marks.map((m) => m.teamId),
      marks.map((m) => m.userId),
      marks.map((m) => m.tokenHash.toString('hex')),
    ],
  );
}

export class ActivityMarks {
  private readonly marked = new Map<string, number>();
  private readonly queued = new Map<string, Mark>();
  private timer: NodeJS.Timeout | undefined;

  /** Whether a mark for this member is due now (and, when it is, counts it as written). */
  due(teamId: string, userId: string, now = Date.now()): boolean {
    const key = `${teamId}:${userId}`;
    const last = this.marked.get(key);
    if (last !== undefined && now - last < MARK_EVERY_MS) return false;
    this.marked.set(key, now);
    return true;
  }

  /** Whether this instance has marked the member before (its next marks may wait for a batch). */
  seen(teamId: string, userId: string): boolean {
    return this.marked.has(`${teamId}:${userId}`);
  }

  /** A write that failed is not counted: the next call marks again. */
  undo(teamId: string, userId: string): void {
    this.marked.delete(`${teamId}:${userId}`);
  }

  /** The mark is written with the others due within MARK_FLUSH_MS (`start`). */
  queue(mark: Mark): void {
    this.queued.set(`${mark.teamId}:${mark.userId}`, mark);
  }

  /** Writes the queued marks every MARK_FLUSH_MS until `stop`. */
  start(db: Queryable): void {
    this.timer = setInterval(() => void this.flush(db), MARK_FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Writes the marks queued so far, MARK_BATCH a statement; the members of a batch that fails are
   * marked again next time.
   */
  async flush(db: Queryable): Promise<void> {
    if (this.queued.size === 0) return;
    const marks = [...this.queued.values()];
    this.queued.clear();
    for (let at = 0; at < marks.length; at += MARK_BATCH) {
      const batch = marks.slice(at, at + MARK_BATCH);
      try {
        await writeMarks(db, batch);
      } catch {
        for (const m of batch) this.undo(m.teamId, m.userId);
      }
    }
  }

  /** Stops the timer and writes what is queued. */
  async stop(db: Queryable): Promise<void> {
    clearInterval(this.timer);
    await this.flush(db);
  }
}
