import type { Queryable } from '../db/database.js';

/** One UPDATE of a watchlist row, built from the fields a PATCH sent (only those change). */
export class WatchlistUpdate {
  private readonly sets = ['updated_at = now()'];
  private readonly params: unknown[];

  constructor(id: string) {
    this.params = [id];
  }

  set(column: string, value: unknown): void {
    this.params.push(value);
    this.sets.push(`${column} = $${this.params.length}`);
  }

  /** An assignment without a parameter, e.g. `prompt_claimed_until = NULL`. */
  assign(sql: string): void {
    this.sets.push(sql);
  }

  run(tx: Queryable): Promise<unknown> {
    return tx.query(`UPDATE watchlists SET ${this.sets.join(', ')} WHERE id = $1`, this.params);
  }
}

interface CommonFields {
  name?: string;
  fetchFreqInHours?: number;
  disable?: boolean;
}

/**
 * Name, frequency, pause and resume, as every kind of watchlist takes them; each field sent is set
 * and echoed in the answer. Pausing drops the queued collection (collected posts stay); resuming
 * makes the watchlist due at the scheduler's next tick. The frequency is read by the scheduler
 * when it plans, so it applies from the next cycle.
 */
export async function applyCommonFields(
  tx: Queryable,
  w: { id: string },
  body: CommonFields,
  answer: CommonFields,
  update: WatchlistUpdate,
  dropQueued: (tx: Queryable, watchlistId: string) => Promise<unknown>,
): Promise<void> {
  if (body.name !== undefined) {
    update.set('name', body.name);
    answer.name = body.name;
  }
  if (body.fetchFreqInHours !== undefined) {
    update.set('fetch_freq_hours', body.fetchFreqInHours);
    answer.fetchFreqInHours = body.fetchFreqInHours;
  }
  if (body.disable !== undefined) {
    update.set('disabled', body.disable);
    // Resumed, it is due at once: watchlist_schedule follows `disabled` by a trigger.
    if (body.disable) await dropQueued(tx, w.id);
    answer.disable = body.disable;
  }
}
