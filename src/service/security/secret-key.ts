import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * SECRET_KEY encrypts the stored API keys. When it is not configured, one is generated once and
 * kept in DATA_DIR/secret.key (mode 0600), so a restart can still reveal existing keys.
 */
export async function loadSecretKey(
  configured: string | undefined,
  dataDir: string,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'hex');
  const file = join(dataDir, 'secret.key');
  try {
    const hex = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/i.test(hex)) return Buffer.from(hex, 'hex');
    throw new Error(`${file} does not hold 64 hex characters`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}
