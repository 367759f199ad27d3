/** The error answers the three watchlist families share, as their `describe()` lists them. */
export const UNAUTHORIZED = { 401: '`Unauthorized` (no key, or an invalid one)' };
export const WATCHLIST_NOT_FOUND_DOC = {
  404: '`Watchlist not found or access denied` (unknown id, another type, another team)',
};
export const PLAN_LIMIT = {
  403: '`Plan limit reached: the <plan> plan allows …` (watchlists, keywords per watchlist, profiles or companies per watchlist)',
};

/** What DELETE does, the same for the three families. */
export const DELETE_DESCRIPTION =
  'The watchlist goes with its keywords and its Slack deliveries; its queued collection tasks are dropped (one already ' +
  "running finishes and files nothing). The posts it collected stay the team's: the team-wide `/api-posts` still lists them.";
