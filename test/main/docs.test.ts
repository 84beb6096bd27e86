import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(path, 'utf8');

/** The variables parseConfig reads: the keys of its schema in src/config.ts. */
function configVariables(): string[] {
  const source = read('src/config.ts');
  const body = source.slice(source.indexOf('const schema = z.object({'), source.indexOf('const VARIABLES'));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

/** README.md and every page under docs/. */
function documents(): string[] {
  const pages = readdirSync('docs').filter((name) => name.endsWith('.md'));
  return ['README.md', ...pages.sort().map((name) => `docs/${name}`)];
}

/** A document without its fenced code blocks, where brackets and `#` lines are code, not links or headings. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** The targets of a document's relative links and images, as paths from the repository root (`#anchor` kept). */
function links(path: string): string[] {
  return [...prose(read(path)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) =>
      target.startsWith('#') ? `${path}${target}` : join(dirname(path), decodeURIComponent(target)),
    );
}

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as dashes. */
function headingSlugs(path: string): string[] {
  return [...prose(read(path)).matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-'),
  );
}

describe('the documentation stays true to the code', () => {
  const variables = configVariables();

  it('finds the configuration variables', () => {
    expect(variables).toContain('BOT_TOKEN');
    expect(variables).toContain('ORDER_STALE_ALERT_SECONDS');
  });

  it('.env.example documents every variable', () => {
    const example = read('.env.example');
    const missing = variables.filter((name) => !new RegExp(`^#?${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it("the README's configuration table has every variable", () => {
    const readme = read('README.md');
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
    const missing = variables.filter((name) => !rows.some((row) => row.includes(`\`${name}\``)));
    expect(missing).toEqual([]);
  });

  it('README.md and every docs page name only npm scripts that exist, and the README shows the screenshot', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts);
    const unknown = documents().flatMap((path) =>
      [...read(path).matchAll(/npm run (?:-s )?([a-z][a-z0-9:-]*)/g)]
        .map((m) => m[1]!)
        .filter((name) => !scripts.includes(name))
        .map((name) => `${path}: npm run ${name}`),
    );
    expect(unknown).toEqual([]);
    expect(read('README.md')).toContain('npm run demo');
    expect(links('README.md')).toContain('docs/screenshot-chat.png');
  });

  it('every relative link and image in README.md and docs/*.md points at a file (and a heading) that exists', () => {
    const broken = documents().flatMap((path) =>
      links(path)
        .filter((target) => {
          const [file, anchor] = target.split('#') as [string, string | undefined];
          if (!existsSync(file)) return true;
          return anchor !== undefined && file.endsWith('.md') && !headingSlugs(file).includes(anchor);
        })
        .map((target) => `${path} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('the README links every docs page, and every docs page links back to the README', () => {
    const pages = documents().filter((path) => path !== 'README.md');
    expect(pages.length).toBeGreaterThan(0);
    const fromReadme = links('README.md').map((target) => target.split('#')[0]);
    expect(pages.filter((page) => !fromReadme.includes(page))).toEqual([]);
    expect(
      pages.filter((page) => !links(page).some((target) => target.split('#')[0] === 'README.md')),
    ).toEqual([]);
  });

  it('every `node <file>` command in README.md and docs/*.md names a file that exists', () => {
    const missing = documents().flatMap((path) =>
      [...read(path).matchAll(/`node (?:--\S+ )*([\w./-]+\.(?:ts|mjs|js))\b/g)]
        .map((m) => m[1]!)
        .filter((file) => !existsSync(file))
        .map((file) => `${path}: node ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it("compose.yaml's Redis keeps everything: AOF every second, no eviction, a volume", () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/--appendonly\s*\n\s*- 'yes'/);
    expect(compose).toMatch(/--appendfsync\s*\n\s*- everysec/);
    expect(compose).toMatch(/--maxmemory-policy\s*\n\s*- noeviction/);
    expect(compose).toMatch(/redis-data:\/data/);
  });
});
