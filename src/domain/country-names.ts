/**
 * Country names in the reader's language, from the runtime's CLDR data (`Intl.DisplayNames`), so a Swahili reader
 * sees "Nigeria" and an Arabic one "نيجيريا" whatever language the Merchant API's catalogue is written in. A code
 * the runtime does not know keeps the catalogue's name.
 */

const byLocale = new Map<string, Intl.DisplayNames>();

function namesIn(locale: string): Intl.DisplayNames | null {
  let names = byLocale.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      return null;
    }
    byLocale.set(locale, names);
  }
  return names;
}

/** The name of country `code` (ISO 3166-1 alpha-2) in `locale`, or `fallback` when there is none. */
function countryName(code: string, locale: string, fallback: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return fallback;
  return namesIn(locale)?.of(code) ?? fallback;
}

/**
 * The catalogue's countries named in `locale`; the catalogue's own name is kept as `alias`, so a name typed in
 * either language is found.
 */
export function inLocale<C extends { code: string; name: string }>(
  countries: readonly C[],
  locale: string,
): Array<C & { alias?: string }> {
  return countries.map((c) => {
    const name = countryName(c.code, locale, c.name);
    return name === c.name ? c : { ...c, name, alias: c.name };
  });
}
