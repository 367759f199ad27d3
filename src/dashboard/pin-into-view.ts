/** What the person does that says they are reading where they chose, not where the address led. */
const OWN_MOVES = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Brings the panel an address names to the top of the screen, and keeps it there while the
 * panels of its section load and grow (a list above it arriving would push it out of sight),
 * until the person scrolls, touches, clicks or types. Returns the release, for the next address.
 */
export function pinIntoView(target: HTMLElement, section: HTMLElement): () => void {
  const place = () => target.scrollIntoView({ block: 'start' });
  const grown = new ResizeObserver(place);
  for (const panel of section.children) grown.observe(panel);
  const release = () => {
    grown.disconnect();
    for (const move of OWN_MOVES) window.removeEventListener(move, release, true);
  };
  for (const move of OWN_MOVES)
    window.addEventListener(move, release, { capture: true, passive: true });
  place();
  return release;
}
