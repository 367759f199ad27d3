/**
 * Something this instance remembers beside a database, by key: at most `maxEntries`, the oldest
 * forgotten first. Kept per database object, since tests run several services in one process.
 */
export class PerDatabaseMemory<V> {
  private readonly memories = new WeakMap<object, Map<string, V>>();

  constructor(private readonly maxEntries: number) {}

  get(db: object, key: string): V | undefined {
    return this.memories.get(db)?.get(key);
  }

  set(db: object, key: string, value: V): void {
    let memory = this.memories.get(db);
    if (!memory) {
      memory = new Map();
      this.memories.set(db, memory);
    }
    if (memory.size >= this.maxEntries) memory.delete(memory.keys().next().value!);
    memory.set(key, value);
  }

  delete(db: object, key: string): void {
    this.memories.get(db)?.delete(key);
  }
}
