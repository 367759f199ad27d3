/** A page of Playwright's, or of puppeteer's (Firefox, firefox.ts): both run a function in it. */
interface PageLike {
  evaluate<R>(fn: () => R): Promise<R>;
}

/**
 * The last few visible elements that stick out past the page's right edge, each named by tag, id,
 * classes and where it ends: [] when nothing would make a phone's reader scroll sideways. What lies
 * inside a box that scrolls sideways itself (a wide table in its own scroller) is the box's, not
 * the page's: only the box is looked at.
 */
export function overflowingElements(page: PageLike): Promise<string[]> {
  return page.evaluate(() => {
    const hasSidewaysScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const x = getComputedStyle(up).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 &&
          (el as HTMLElement).offsetParent !== null &&
          !hasSidewaysScroller(el),
      )
      .slice(-3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
  });
}
