/**
 * Country names in the reader's language, from the runtime's CLDR data (`Intl.DisplayNames`), so a Swahili reader
 * sees "Nigeria" and an Arabic one "نيجيريا" whatever language the Merchant API's catalogue is written in. A code
 * the runtime does not know keeps the catalogue's name.
 */

/** Per locale, the runtime's names and the ones looked up so far (null: none of its own); a lookup is slow. */
const byLocale = new Map<string, { names: Intl.DisplayNames | null; seen: Map<string, string | null> }>();

/** The name of country `code` (ISO 3166-1 alpha-2) in `locale`, or `fallback` when there is none. */
function countryName(code: string, locale: string, fallback: string): string {
  let known = byLocale.get(locale);
  if (known === undefined) {
    known = { names: displayNames(locale), seen: new Map() };
    byLocale.set(locale, known);
  }
  let name = known.seen.get(code);
  if (name === undefined) {
    name = /^[A-Z]{2}$/.test(code) ? (known.names?.of(code) ?? null) : null;
    known.seen.set(code, name);
  }
  return name ?? fallback;
}

function displayNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
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
