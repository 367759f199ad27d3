/** Imported by ./user.ts. */
export const usedName = 1;
/** Imported by nothing. */
export const unusedName = 2;
