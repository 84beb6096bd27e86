/**
 * Any script's decimal digits (Arabic-Indic ٠-٩, Persian ۰-۹, Devanagari ०-९, full-width…) as ASCII 0-9: Unicode
 * encodes each set as 10 contiguous code points, so a digit's value is its distance from the first of its run.
 */
export function asciiDigits(text: string): string {
  if (!/\P{ASCII}/u.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp > 0x7f && /\p{Nd}/u.test(ch)) {
      let start = cp;
      while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
      out += String((cp - start) % 10);
    } else {
      out += ch;
    }
  }
  return out;
}
