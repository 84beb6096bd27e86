/** Text made safe inside Telegram HTML (parse_mode HTML): `&`, `<` and `>` escaped. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
