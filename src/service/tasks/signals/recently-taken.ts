/** The tasks this instance's claims took lately, as many as a wake-up can still be on its way for. */
export const TAKEN_REMEMBERED = 1_000;

/** The ids of the tasks claims of this instance took lately; the oldest is forgotten first. */
export class RecentlyTaken {
  // Insertion-ordered: its first entry is the oldest.
  readonly #ids = new Set<string>();

  add(taskId: string): void {
    if (this.#ids.size >= TAKEN_REMEMBERED) this.#ids.delete(this.#ids.values().next().value!);
    this.#ids.add(taskId);
  }

  has(taskId: string): boolean {
    return this.#ids.has(taskId);
  }

  clear(): void {
    this.#ids.clear();
  }
}
