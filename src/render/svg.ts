// Small pieces for building SVG documents as strings: every text that reaches one goes through escapeXml.

/** Text made safe inside an SVG (XML) element or attribute; characters XML forbids are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // XML 1.0 allows no C0 control characters but tab, newline and carriage return, and no lone surrogates.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** At most `max` characters (code points), with "…" when cut: SVG text does not wrap. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

export interface TextOptions {
  size?: number;
  weight?: 'normal' | 'bold';
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  family?: 'sans' | 'mono';
}

/** One `<text>` element at (x, y) (y is the baseline). */
export function text(x: number, y: number, content: string, options: TextOptions = {}): string {
  const family = options.family === 'mono' ? 'DejaVu Sans Mono' : 'DejaVu Sans';
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `font-family="${family}"`,
    `font-size="${options.size ?? 16}"`,
    options.weight === 'bold' ? 'font-weight="bold"' : '',
    options.anchor && options.anchor !== 'start' ? `text-anchor="${options.anchor}"` : '',
    `fill="${options.fill ?? '#1f2328'}"`,
  ].filter((a) => a !== '');
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`;
}

/** The whole document: a white `width` x `height` canvas with `body` on it. */
export function svgDocument(width: number, height: number, body: readonly string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
  ].join('\n');
}
