import type { Page } from '@playwright/test';

/**
 * The last few visible elements that stick out past the page's right edge, each named by tag, id,
 * classes and where it ends: [] when nothing would make a phone's reader scroll sideways.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 &&
          (el as HTMLElement).offsetParent !== null,
      )
      .slice(-3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      ),
  );
}
