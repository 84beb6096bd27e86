import { toBuffer } from 'qrcode';

/**
 * The QR code of `text` as a PNG: 10 pixels a module with the standard quiet zone, so a phone reads it off a
 * printed sheet or another phone's screen at a shop counter; error correction M survives a crease or a glare.
 */
export function qrPng(text: string): Promise<Buffer> {
  return toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 10 });
}
