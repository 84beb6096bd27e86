/** How a chat message names a user whose name the bot knows: their name in a Unicode isolate, then their ID. */
export function shownAs(name: string, id: number): string {
  return `\u2068${name}\u2069 ${id}`;
}
