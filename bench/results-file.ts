import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Writes a bench's results where `npm run bench` and its goals read them:
 * bench/results/<bench>-<the run's ISO time, ':' and '.' as '-'>.json. Answers the file's path.
 */
export async function writeBenchResults(
  bench: string,
  document: unknown,
  at: Date = new Date(),
): Promise<string> {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = `${dir}${bench}-${at.toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}
