// Callback data of the language picker, built and parsed here only.
// `lang:` — the language picker of /language (open to strangers, so access lets it through).
const LANGUAGE = 'lang:';

/** Matcher for `composer.callbackQuery`; read the match with `parseLanguage`. */
export const LANGUAGE_DATA = /^lang:(.+)$/;

/** Data of the button choosing `locale`. */
export function languageData(locale: string): string {
  return `${LANGUAGE}${locale}`;
}

/** Whether this is the data of a language button. */
export function isLanguageData(data: string | undefined): boolean {
  return data?.startsWith(LANGUAGE) === true;
}

/** The locale a language button names (not yet checked against the supported ones), or null. */
export function parseLanguage(data: string): string | null {
  return LANGUAGE_DATA.exec(data)?.[1] ?? null;
}
