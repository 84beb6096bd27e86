import type { Receipt, ReceiptLabels } from '../receipts/receipt.ts';
import { clip, svgDocument, text } from './svg.ts';

/** Width of every receipt image, in pixels. */
export const RECEIPT_IMAGE_WIDTH = 600;
const MARGIN = 32;
const LINE = 30;
const LABEL_X = MARGIN;
const VALUE_X = 220;
/** Characters of a value per line (DejaVu Sans Mono 15 px is 9 px a character; the value column is ~350 px). */
const VALUE_CHARS = 38;
/** Lines a long value (a 120-character merchant order number) may take before it is cut. */
const VALUE_LINES = 4;

/** A value in lines of at most VALUE_CHARS characters, cut with "…" past VALUE_LINES. */
function wrap(value: string): string[] {
  const chars = [...value];
  const lines: string[] = [];
  for (let i = 0; i < chars.length && lines.length < VALUE_LINES; i += VALUE_CHARS) {
    lines.push(chars.slice(i, i + VALUE_CHARS).join(''));
  }
  if (chars.length > VALUE_CHARS * VALUE_LINES) lines[VALUE_LINES - 1] = clip(lines.at(-1)!, VALUE_CHARS);
  return lines.length === 0 ? [''] : lines;
}

/**
 * The receipt as an SVG document (the same fields as the text message, without emoji: the font has none).
 * The image is RECEIPT_IMAGE_WIDTH wide; its height grows with the shop name and with values that wrap.
 */
export function receiptSvg(receipt: Receipt, labels: ReceiptLabels): string {
  const body: string[] = [];
  let y = MARGIN + 24;
  body.push(
    text(RECEIPT_IMAGE_WIDTH / 2, y, clip(labels.title, 40), { size: 24, weight: 'bold', anchor: 'middle' }),
  );
  if (receipt.shopName !== undefined) {
    y += 34;
    body.push(
      text(RECEIPT_IMAGE_WIDTH / 2, y, receipt.shopName, { size: 20, anchor: 'middle', fill: '#0b5394' }),
    );
  }
  y += 22;
  const rule = (at: number) =>
    `<line x1="${MARGIN}" y1="${at}" x2="${RECEIPT_IMAGE_WIDTH - MARGIN}" y2="${at}" stroke="#8c959f" stroke-dasharray="6 4"/>`;
  body.push(rule(y));
  y += 12;
  const rows: Array<[string, string]> = [
    [labels.operator, receipt.operator],
    [labels.product, receipt.product],
    [labels.phone, receipt.maskedPhone],
    [labels.received, receipt.received],
    ...(receipt.price === undefined ? [] : ([[labels.price, receipt.price]] as Array<[string, string]>)),
    [labels.status, receipt.status],
    [labels.time, receipt.time],
    ['', receipt.timeZone],
    [labels.orderId, receipt.orderId],
    [labels.externalOrderId, receipt.externalOrderId],
  ];
  for (const [label, value] of rows) {
    const lines = wrap(value);
    y += LINE;
    if (label !== '') body.push(text(LABEL_X, y, clip(label, 18), { size: 15, fill: '#57606a' }));
    lines.forEach((line, i) => {
      body.push(text(VALUE_X, y + i * 22, line, { size: 15, family: 'mono', weight: 'bold' }));
    });
    y += (lines.length - 1) * 22;
  }
  y += 22;
  body.push(rule(y));
  y += 34;
  body.push(text(RECEIPT_IMAGE_WIDTH / 2, y, clip(labels.thanks, 50), { size: 16, anchor: 'middle' }));
  return svgDocument(RECEIPT_IMAGE_WIDTH, y + MARGIN, body);
}
