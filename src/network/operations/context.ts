import type { NetworkMap } from '../../contract/network-map.js';
import type { TaskInput, TaskOutput } from '../../contract/task-io.js';
import type { TaskType } from '../../contract/task-types.js';
import type { NetworkFetch } from '../session.js';

/** Who is signed in, from the network's `me` answer. */
export interface Me {
  /** `urn:li:fsd_profile:<id>`, the mailbox of the signed-in member. */
  profileUrn: string;
  publicIdentifier: string;
  fullName: string;
}

export interface OperationContext {
  map: NetworkMap;
  fetch: NetworkFetch;
  signal: AbortSignal;
  /** The signed-in member, read once per task on first use. */
  self: () => Promise<Me>;
}

export type Operation<K extends TaskType> = (input: TaskInput<K>, ctx: OperationContext) => Promise<TaskOutput<K>>;
