/**
 * The task kinds as the worker reads them: built from src/contract/task-kinds.ts by
 * scripts/task-kinds-module.ts, without the words.
 */
declare module 'virtual:task-kinds' {
  type TaskType = import('../contract/task-kinds.js').TaskType;
  export const TASK_TYPES: readonly TaskType[];
  export const WRITE_TYPES: readonly TaskType[];
  /** What each kind acts on: `TaskKind.target`. */
  export const TARGETS: Readonly<
    Record<TaskType, import('../contract/task-kinds.js').TaskTargetKind>
  >;
  /** The input field of the words a kind sends, for those that send words: `TaskKind.text`. */
  export const TEXTS: Readonly<Partial<Record<TaskType, string>>>;
}
