import { startPopup } from '../../src/popup/popup.js';

// The popup only wires its page to src/popup/, where its logic and words live.
startPopup(
  document.querySelector<HTMLElement>('#app')!,
  document.querySelector<HTMLElement>('#pill')!,
);
