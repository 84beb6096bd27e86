// Callback data of the /settings screen, built and parsed here only.
// `set:` — one button per setting: the language, the time zone, the shop name, the PIN.
const SETTINGS = 'set:';

const SETTINGS_ITEMS = ['language', 'timezone', 'shop', 'pin'] as const;
export type SettingsItem = (typeof SETTINGS_ITEMS)[number];

/** Matcher for `composer.callbackQuery`; read the match with `parseSettings`. */
export const SETTINGS_DATA = /^set:([a-z]+)$/;

/** Data of the button opening `item`. */
export function settingsData(item: SettingsItem): string {
  return `${SETTINGS}${item}`;
}

/** The setting a button names, or null when the data is not one of ours. */
export function parseSettings(data: string): SettingsItem | null {
  const item = SETTINGS_DATA.exec(data)?.[1];
  return (SETTINGS_ITEMS as readonly string[]).includes(item ?? '') ? (item as SettingsItem) : null;
}
