import type { NetworkCallName } from '../../contract/network-map.js';
import { NetworkError } from '../errors.js';

/**
 * Whether the results of one answer are whole: each reader names the fields its result cannot do
 * without (a post: its URN and date, a text or media, an author; a profile: name and headline; a
 * company: its name) and the ones it watches though they may be absent (a post's counts). A result
 * missing a required field is skipped and counted here; when most results of an answer miss the
 * same required field, the way that gave it no longer gives what it should, and the call fails it
 * as `network_changed` naming that field (src/network/call.ts), so the next way of the map is tried.
 * The counts travel with the task result to the worker's health report.
 */
export class Completeness {
  /** Results read from the answer, whole or not. */
  results = 0;
  private readonly required = new Map<string, number>();
  private readonly optional = new Map<string, number>();

  /**
   * Counts one result: `required` and `optional` say, per field, whether the result has it. True
   * when it has every required one (a result without is skipped).
   */
  result(required: Record<string, boolean>, optional: Record<string, boolean> = {}): boolean {
    this.results++;
    let whole = true;
    for (const [field, has] of Object.entries(required)) {
      if (has) continue;
      whole = false;
      this.required.set(field, (this.required.get(field) ?? 0) + 1);
    }
    for (const [field, has] of Object.entries(optional))
      if (!has) this.optional.set(field, (this.optional.get(field) ?? 0) + 1);
    return whole;
  }

  /** The required field more than half the results lacked (the most-lacked one), or null. */
  mostlyMissing(): { field: string; missing: number; results: number } | null {
    let worst: [string, number] | null = null;
    for (const entry of this.required) if (!worst || entry[1] > worst[1]) worst = entry;
    if (!worst || worst[1] * 2 <= this.results) return null;
    return { field: worst[0], missing: worst[1], results: this.results };
  }

  /**
   * What the health report hears: every required field some result lacked, and the watched ones
   * more than half the results lacked (one post without counts is a post, most without is a drift).
   */
  gaps(): { field: string; missing: number }[] {
    const out = [...this.required].map(([field, missing]) => ({ field, missing }));
    for (const [field, missing] of this.optional)
      if (missing * 2 > this.results) out.push({ field, missing });
    return out;
  }
}

/** Most results of the answer lacked a field they cannot do without: the way gives no whole results. */
export function lacking(
  call: NetworkCallName,
  alternative: string,
  gap: { field: string; missing: number; results: number },
): NetworkError {
  return new NetworkError(
    'network_changed',
    `The network's ${call} answer (${alternative}) lacks ${gap.field} in ${gap.missing} of its ${gap.results} results`,
  );
}
