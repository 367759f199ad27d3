/**
 * `last_active_at` decides the 48-hour rule and is shown as "active just now": a mark every few
 * seconds per member is as good as one per call, which was a write on every claim, result and
 * lease extension. Each instance writes a member's mark at most once per MARK_EVERY_MS; the
 * heartbeat (every minute) always writes it.
 */
export const MARK_EVERY_MS = 30_000;

export class ActivityMarks {
  private readonly marked = new Map<string, number>();

  /** Whether a mark for this member is due now (and, when it is, counts it as written). */
  due(teamId: string, userId: string, now = Date.now()): boolean {
    const key = `${teamId}:${userId}`;
    const last = this.marked.get(key);
    if (last !== undefined && now - last < MARK_EVERY_MS) return false;
    this.marked.set(key, now);
    return true;
  }

  /** A write that failed is not counted: the next call marks again. */
  undo(teamId: string, userId: string): void {
    this.marked.delete(`${teamId}:${userId}`);
  }
}
