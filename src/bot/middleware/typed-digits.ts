import type { Context, NextFunction } from 'grammy';
import { asciiDigits } from '../../domain/digits.ts';

/**
 * A number typed in any script's digits (Arabic-Indic, Devanagari…) is read as 0-9 by every step and command after
 * this; only when the text keeps its length, so the offsets of its entities (the /command) still hold.
 */
export function typedDigits(ctx: Context, next: NextFunction): Promise<void> {
  const message = ctx.message;
  if (message?.text !== undefined) {
    const ascii = asciiDigits(message.text);
    if (ascii.length === message.text.length) message.text = ascii;
  }
  return next();
}
