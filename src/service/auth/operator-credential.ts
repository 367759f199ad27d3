import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constantTimeEqual, randomSecret, sha256 } from '../security/crypto.js';

/**
 * The operator's credential for the operator routes (routes/operator.ts), which the ops CLI calls
 * when the service holds the embedded database. OPERATOR_TOKEN when configured (every instance
 * given the same one); otherwise one generated once into DATA_DIR/operator.token (mode 0600), where
 * the CLI on the same machine reads it: whoever can read DATA_DIR can read the database anyway.
 * The service keeps only its hash.
 */
export interface OperatorCredential {
  /** Whether a bearer token is the operator's (constant time). */
  accepts(token: string): boolean;
}

const OPERATOR_TOKEN_FILE = 'operator.token';

export async function loadOperatorCredential(
  configured: string | undefined,
  dataDir: string,
): Promise<OperatorCredential> {
  const token = configured ?? (await readOrCreateToken(dataDir));
  const hash = sha256(token);
  return { accepts: (given) => constantTimeEqual(sha256(given), hash) };
}

/** The token the CLI sends: OPERATOR_TOKEN, or the file the service wrote; null when neither. */
export async function readOperatorToken(
  configured: string | undefined,
  dataDir: string,
): Promise<string | null> {
  if (configured) return configured;
  try {
    return (await readFile(join(dataDir, OPERATOR_TOKEN_FILE), 'utf8')).trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function readOrCreateToken(dataDir: string): Promise<string> {
  const existing = await readOperatorToken(undefined, dataDir);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const token = randomSecret('nao', 32);
  try {
    await writeFile(join(dataDir, OPERATOR_TOKEN_FILE), token + '\n', { mode: 0o600, flag: 'wx' });
    return token;
  } catch (err) {
    // Another process of the same DATA_DIR wrote it first: theirs is the one.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readOperatorToken(undefined, dataDir))!;
  }
}
