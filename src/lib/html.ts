/** Text made safe inside Telegram's HTML parse mode (the only three characters it treats as markup). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
