import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './processes.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** Which part of the system a frame belongs to, for the "where did the time go" lines. */
function area(url: string): string {
  if (url === '') return '(native / GC / idle)';
  const path = url.startsWith('file://') ? relative(REPO_ROOT, new URL(url).pathname) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (pkg !== undefined) return `npm:${pkg}`;
  if (path.startsWith('node:')) return 'node core';
  const dir = /^(src\/[^/]+(?:\/[^/]+)?)\//.exec(path)?.[1];
  return dir ?? path;
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...files(full));
    else if (name.endsWith('.cpuprofile')) out.push(full);
  }
  return out;
}

/** Self time per area and the hottest functions of each CPU profile found under `dir`. */
export function summariseProfiles(dir: string, top = 12): string {
  const lines: string[] = [];
  for (const file of files(dir)) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes)
      for (const c of (n as { children?: number[] }).children ?? []) parent.set(c, n.id);
    // Native frames (socket writes, JSON, crypto) are charged to the nearest JavaScript caller's area.
    const callerArea = (id: number): string => {
      let at: number | undefined = id;
      while (at !== undefined) {
        const url = byId.get(at)?.callFrame.url ?? '';
        if (url !== '' && !url.startsWith('node:')) return area(url);
        at = parent.get(at);
      }
      return '(native / GC / idle)';
    };
    const self = new Map<number, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const idleIds = new Set(
      profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
    );
    const idle = [...idleIds].reduce((a, id) => a + (self.get(id) ?? 0), 0);
    // Inclusive view: each sample charged to the innermost project function on its stack.
    const projectFrame = (id: number): string => {
      let at: number | undefined = id;
      while (at !== undefined) {
        const frame = byId.get(at)?.callFrame;
        if (frame && /\/(src|bench)\//.test(frame.url) && !frame.url.includes('node_modules')) {
          return `${frame.functionName || '(anonymous)'} ${relative(REPO_ROOT, frame.url.replace('file://', ''))}:${frame.lineNumber + 1}`;
        }
        at = parent.get(at);
      }
      return '(no project frame: runner, timers, sockets, GC)';
    };
    const project = new Map<string, number>();
    const areas = new Map<string, number>();
    const fns = new Map<string, number>();
    for (const [id, us] of self) {
      if (idleIds.has(id)) continue;
      const node = byId.get(id);
      if (!node) continue;
      const a = callerArea(id);
      const pf = projectFrame(id);
      project.set(pf, (project.get(pf) ?? 0) + us);
      areas.set(a, (areas.get(a) ?? 0) + us);
      const name = `${node.callFrame.functionName || '(anonymous)'} ${a === '(native / GC / idle)' ? '' : `${relative(REPO_ROOT, node.callFrame.url.replace('file://', ''))}:${node.callFrame.lineNumber + 1}`}`;
      fns.set(name, (fns.get(name) ?? 0) + us);
    }
    const busy = total - idle;
    const pct = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1)}%`;
    lines.push(
      `CPU profile ${relative(REPO_ROOT, file)}: ${(total / 1e6).toFixed(1)} s sampled, ` +
        `${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / Math.max(1, total)).toFixed(0)}%)`,
    );
    lines.push('  self time by area, native work charged to its caller (share of busy time):');
    for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top)) {
      lines.push(`    ${pct(us).padStart(6)}  ${a}`);
    }
    lines.push(
      '  busy time by innermost project function on the stack (libraries and native work included):',
    );
    for (const [f, us] of [...project].sort((x, y) => y[1] - x[1]).slice(0, top)) {
      lines.push(`    ${pct(us).padStart(6)}  ${f}`);
    }
    lines.push('  hottest functions (self time):');
    for (const [f, us] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, top)) {
      lines.push(`    ${pct(us).padStart(6)}  ${f}`);
    }
  }
  return lines.join('\n');
}
