/**
 * Rows per page of the paged lists, by default and at most (docs/api.md, "Pages"). No zod here: the
 * dashboard reads these too.
 */

/** `GET /api-sequences`. */
export const SEQUENCES_PAGE = { fallback: 50, max: 200 } as const;
/** `GET /api-sequences/{id}/enrollments`. */
export const ENROLLMENTS_PAGE = { fallback: 1000, max: 1000 } as const;
