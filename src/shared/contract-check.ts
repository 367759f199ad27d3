import SCHEMAS from 'virtual:contract-schemas';
import type { WorkerChecked } from '../contract/worker-checked.js';
import { type Checked, checkJsonSchema } from './json-schema-check.js';
export type ContractSchemaId = keyof WorkerChecked;

/**
 * Checks a value against one of the contract's schemas the worker checks
 * (src/contract/worker-checked.ts), written as JSON Schema by the build (scripts/contract-schemas.ts).
 */
export function checkContract<K extends ContractSchemaId>(
  id: K,
  value: unknown,
): Checked<WorkerChecked[K]> {
  return checkJsonSchema<WorkerChecked[K]>(SCHEMAS, id, value);
}

/** A failed check as one line: where, and what is wrong there. */
export const describeFailure = (
  failed: { path: (string | number)[]; message: string },
  what: string,
) => `${failed.path.length ? failed.path.join('.') : what}: ${failed.message}`;
