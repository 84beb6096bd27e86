import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(path, 'utf8');

/** The variables parseConfig reads: the keys of its schema in src/config.ts. */
function configVariables(): string[] {
  const source = read('src/config.ts');
  const body = source.slice(source.indexOf('const schema = z.object({'), source.indexOf('const VARIABLES'));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
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

  it('every `npm run` script the README names exists, and the screenshot it shows is there', () => {
    const readme = read('README.md');
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts);
    const named = [...readme.matchAll(/npm run (?:-s )?([a-z][a-z0-9:-]*)/g)].map((m) => m[1]!);
    expect(named).toContain('demo');
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(images).toContain('docs/screenshot-chat.png');
    expect(images.filter((path) => !existsSync(path))).toEqual([]);
  });

  it("compose.yaml's Redis keeps everything: AOF every second, no eviction, a volume", () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/--appendonly\s*\n\s*- 'yes'/);
    expect(compose).toMatch(/--appendfsync\s*\n\s*- everysec/);
    expect(compose).toMatch(/--maxmemory-policy\s*\n\s*- noeviction/);
    expect(compose).toMatch(/redis-data:\/data/);
  });
});
