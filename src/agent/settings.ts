import { defineItem } from './storage-item.js';

/** The member's own choices in the popup. */
interface Settings {
  /** Paused by the member (the pause button). Safety stops are kept apart, in safety-stops.ts. */
  paused_by_user: boolean;
  /** Opt-in: space actions 30 to 60 s apart and keep an hourly budget (pacing.ts). */
  safe_mode: boolean;
}

export const settingsItem = defineItem<Settings>('local:settings', {
  fallback: { paused_by_user: false, safe_mode: false },
});

export async function updateSettings(patch: Partial<Settings>): Promise<Settings> {
  const next = { ...(await settingsItem.getValue()), ...patch };
  await settingsItem.setValue(next);
  return next;
}
