import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, renderPng } from '../../src/render/png.ts';
import { RECEIPT_IMAGE_WIDTH, receiptSvg } from '../../src/render/receipt-image.ts';
import { CHART_HEIGHT, CHART_WIDTH, statsChartSvg, type ChartDay } from '../../src/render/stats-chart.ts';
import { escapeXml, svgDocument, text } from '../../src/render/svg.ts';
import { receiptHtml, receiptTime, type Receipt, type ReceiptLabels } from '../../src/receipts/receipt.ts';
import { decodePng, pngHeader } from './png-size.ts';

const LABELS: ReceiptLabels = {
  title: 'Receipt',
  operator: 'Operator',
  product: 'Product',
  phone: 'Number',
  received: 'Received',
  price: 'Price',
  orderId: 'Order ID',
  externalOrderId: 'Reference',
  time: 'Date',
  status: 'Status',
  thanks: 'Thank you & goodbye <3',
};

const RECEIPT: Receipt = {
  shopName: 'Mama <Ada> & "Sons"',
  operator: 'AT&T <Wireless>',
  product: 'Airtime',
  maskedPhone: '+234 *** *** 0000',
  received: '500.00 NGN',
  orderId: 'O-1234567',
  externalOrderId: 'rb-20261124-153000123-ABCDEFGH',
  time: '2026-11-24 16:30',
  timeZone: 'Africa/Lagos, UTC+1',
  statusEmoji: '✅',
  status: 'Succeeded',
};

describe('SVG pieces', () => {
  it('escapes XML markup and drops characters XML forbids', () => {
    expect(escapeXml(`a<b>&"c"'d'\u0007\uD800e`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;e');
    expect(text(1, 2, '<script>')).toContain('&lt;script&gt;');
    expect(svgDocument(10, 20, [])).toContain('width="10" height="20"');
  });
});

describe('PNG rendering (resvg, fonts from the dejavu-fonts-ttf package)', () => {
  it('loads its fonts from the package, never from the system', () => {
    expect(FONT_FILES.length).toBeGreaterThan(0);
    for (const file of FONT_FILES) {
      expect(file).toContain('dejavu-fonts-ttf');
      expect(existsSync(file)).toBe(true);
    }
  });

  it('draws text with the bundled font (a text-only image is not blank)', async () => {
    const png = await renderPng(svgDocument(200, 40, [text(10, 28, 'Привет AT&T', { size: 20 })]));
    const image = decodePng(png);
    expect(image).toMatchObject({ width: 200, height: 40 });
    expect(image.darkPixels).toBeGreaterThan(50);
  });

  it('renders a receipt as a decodable PNG of the documented size, markup in names escaped', async () => {
    const svg = receiptSvg(RECEIPT, LABELS);
    expect(svg).not.toContain('<Ada>');
    expect(svg).toContain('Mama &lt;Ada&gt; &amp; &quot;Sons&quot;');
    const png = await renderPng(svg);
    // 600 wide; 482 tall with a shop name and every value on one line.
    expect(pngHeader(png)).toEqual({ width: RECEIPT_IMAGE_WIDTH, height: 482 });
    const image = decodePng(png);
    expect(image).toMatchObject({ width: 600, height: 482 });
    expect(image.darkPixels).toBeGreaterThan(1000);

    // No shop name: one line less; a 120-character merchant order number wraps onto 4 lines (3 more).
    const { shopName: _none, ...plain } = RECEIPT;
    const long = { ...plain, externalOrderId: 'x'.repeat(120) };
    expect(pngHeader(await renderPng(receiptSvg(long, LABELS)))).toEqual({
      width: 600,
      height: 448 + 3 * 22,
    });
  });

  it('renders the /stats chart at its fixed size, with no orders too', async () => {
    const days: ChartDay[] = ['2026-11-18', '2026-11-19', '2026-11-20'].map((day, i) => ({
      day,
      byStatus: { succeeded: i * 2, failed: i, new_status: 1 },
      revenue: `${i}.335`,
    }));
    const labels = {
      title: 'Orders & revenue <per day>',
      orders: 'Orders',
      revenue: 'Revenue (USD)',
      statuses: { succeeded: 'Succeeded', failed: 'Failed' },
      money: (amount: string) => amount,
    };
    const svg = statsChartSvg(days, labels);
    expect(svg).toContain('Orders &amp; revenue &lt;per day&gt;');
    expect(svg).toContain('new_status');
    for (const chart of [svg, statsChartSvg([], labels)]) {
      const png = await renderPng(chart);
      expect(pngHeader(png)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
      expect(decodePng(png)).toMatchObject({ width: 800, height: 520 });
    }
  });
});

describe('receipt text', () => {
  it('escapes every value and names both IDs in <code>', () => {
    const html = receiptHtml(RECEIPT, LABELS);
    expect(html).toContain('<b>Mama &lt;Ada&gt; &amp; "Sons"</b>');
    expect(html).toContain('AT&amp;T &lt;Wireless&gt;');
    expect(html).toContain('<code>O-1234567</code>');
    expect(html).toContain('<code>rb-20261124-153000123-ABCDEFGH</code>');
    expect(html).toContain('Thank you &amp; goodbye &lt;3');
    // Only our own tags remain once the escaped text is taken out.
    const tags = html.match(/<[^>]*>/g) ?? [];
    expect(new Set(tags)).toEqual(new Set(['<b>', '</b>', '<code>', '</code>']));
  });

  it('writes the time in the reseller zone with its offset, or in UTC', () => {
    const at = new Date('2026-07-01T23:30:00Z');
    expect(receiptTime(at, undefined)).toEqual({ time: '2026-07-01 23:30', timeZone: 'UTC' });
    expect(receiptTime(at, 'Africa/Lagos')).toEqual({
      time: '2026-07-02 00:30',
      timeZone: 'Africa/Lagos, UTC+1',
    });
    expect(receiptTime(at, 'America/Mexico_City')).toEqual({
      time: '2026-07-01 17:30',
      timeZone: 'America/Mexico_City, UTC-6',
    });
    expect(receiptTime(at, 'Europe/London').timeZone).toBe('Europe/London, UTC+1');
    expect(receiptTime(new Date('2026-01-01T00:00:00Z'), 'Europe/London').timeZone).toBe(
      'Europe/London, UTC+0',
    );
  });
});
