/**
 * Loads of one panel that may overlap (a member's save reloads at once, and the live stream's
 * reload may be on its way already): an answer is drawn only if no load begun after it has been
 * drawn, so an older answer never covers a newer one (a renamed watchlist showing its old name).
 */
export function newestAnswer(): { begin(): number; mayDraw(load: number): boolean } {
  let begun = 0;
  let drawn = 0;
  return {
    begin: () => ++begun,
    mayDraw(load) {
      if (load < drawn) return false;
      drawn = load;
      return true;
    },
  };
}
