import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderMagicTable } from '../../../src/sandbox/merchant/index.ts';

/** Table rows as trimmed cells, whatever padding a formatter added. */
const rows = (markdown: string): string[][] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );

describe('merchant sandbox README', () => {
  it('shows the magic-number table as magic.ts exports it', async () => {
    const readme = await readFile(
      new URL('../../../src/sandbox/merchant/README.md', import.meta.url),
      'utf8',
    );
    const section = readme.slice(
      readme.indexOf('## Magic phone numbers'),
      readme.indexOf('## Rules worth knowing'),
    );
    expect(rows(section)).toEqual(rows(renderMagicTable('markdown')));
  });

  it('renders the same rows as an HTML table for the demo chat page', () => {
    const html = renderMagicTable('html');
    expect(html).toMatch(/^<table class="magic-numbers">/);
    expect(html.match(/<tr>/g)).toHaveLength(rows(renderMagicTable('markdown')).length);
    expect(html).not.toMatch(/<script/i);
  });
});
