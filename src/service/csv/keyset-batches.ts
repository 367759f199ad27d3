/**
 * Every row of a listing, read a batch at a time in key order: each batch starts after the last key
 * of the one before (keyset paging), so a long export costs one indexed read per batch and holds
 * one batch in memory, and rows written meanwhile never shift what comes next.
 */
export async function* keysetBatches<Row, Key>(
  readAfter: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = 500,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await readAfter(after, batchSize);
    for (const row of rows) yield row;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}
