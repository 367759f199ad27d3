/**
 * The last question's answer wins. The popup reads the same state again on every stored change,
 * on a timer and after each action, and the answers can come back out of order: an answer to an
 * older question must not undo a newer one already shown (a consent read sent before the member
 * agreed, answered after, would ask them again). `ask()` numbers a question; `isLatest(question)`
 * says whether its answer may be shown, and if so records it as the one shown.
 */
export function latestAnswer() {
  let asked = 0;
  let shown = 0;
  return {
    ask: (): number => ++asked,
    isLatest(question: number): boolean {
      if (question < shown) return false;
      shown = question;
      return true;
    },
  };
}
