import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { sleep } from './stats.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Node's flags of `npm start` (package.json, e.g. `--max-semi-space-size=8`), so the bot is measured as it is
 * deployed (the Dockerfile's CMD carries the same).
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = (() => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = /\bnode((?: --[\w=-]+)*) src\/main\.ts/.exec(pkg.scripts.start ?? '');
  if (start === null) throw new Error('package.json scripts.start does not run node … src/main.ts');
  return start[1]!.trim().split(' ').filter(Boolean);
})();

interface Allocator {
  readonly name: string;
  readonly env: Record<string, string>;
}
/**
 * The Docker image's allocator (its `LD_PRELOAD` of jemalloc and its `MALLOC_CONF`) when this machine has the
 * library (Debian's libjemalloc2), so the bot's memory is measured as deployed; glibc's malloc otherwise.
 */
export const PRODUCTION_ALLOCATOR = ((): Allocator => {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const conf = /\bMALLOC_CONF=(\S+)/.exec(dockerfile)?.[1];
  const library = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/libjemalloc.so.2`;
  if (conf === undefined || !existsSync(library))
    return { name: "glibc's malloc (no libjemalloc2 here)", env: {} };
  return { name: 'jemalloc, as in the image', env: { LD_PRELOAD: library, MALLOC_CONF: conf } };
})();

export interface ChildService {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly port: number;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readonly readyAfterMs: number;
  /** Resident set size now, from /proc (bytes). */
  rssBytes(): number;
  cpuSeconds(): number;
  /**
   * Full garbage collection through the inspector, then process.memoryUsage() (only when spawned with
   * `inspect: true`): what the process really holds, not garbage V8 has not collected yet.
   */
  collectAndMeasure(): Promise<NodeJS.MemoryUsage>;
  /** SIGTERM, then waits for the exit (a CPU profile is written then). */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Script relative to the repository root; default the production entry point src/main.ts. */
  script?: string;
  args?: string[];
  env: Record<string, string>;
  port: number;
  /** Write a V8 CPU profile (node --cpu-prof) into this directory. */
  profileDir?: string;
  readyTimeoutMs?: number;
  /** Open the inspector on a free loopback port (for collectAndMeasure). */
  inspect?: boolean;
}

interface InspectorReply {
  id?: number;
  result?: { result?: { value?: string } };
}

/** One Chrome DevTools Protocol exchange after another over the inspector's WebSocket. */
async function inspectorSession(
  wsUrl: string,
  methods: { method: string; params?: object }[],
): Promise<InspectorReply[]> {
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('inspector connection failed')), { once: true });
  });
  const replies: InspectorReply[] = [];
  try {
    for (const [i, m] of methods.entries()) {
      const reply = await new Promise<InspectorReply>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          const data = JSON.parse(String(event.data)) as InspectorReply;
          if (data.id !== i + 1) return;
          ws.removeEventListener('message', onMessage);
          resolve(data);
        };
        ws.addEventListener('message', onMessage);
        ws.send(JSON.stringify({ id: i + 1, ...m }));
      });
      replies.push(reply);
    }
  } finally {
    ws.close();
  }
  return replies;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux, 100 ticks a second). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Reads VmRSS of a process (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb === undefined ? Number.NaN : Number(kb) * 1024;
}

/**
 * Starts a Node process as production would (`node src/main.ts` with the environment names of
 * CONTRACT.md, the image's allocator) and waits until `GET /readyz` answers 200.
 */
export async function spawnService(options: SpawnOptions): Promise<ChildService> {
  const args = [
    ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
    ...(options.inspect ? ['--inspect=127.0.0.1:0'] : []),
    ...(options.script === undefined ? PRODUCTION_NODE_FLAGS : []),
    options.script ?? 'src/main.ts',
    ...(options.args ?? []),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...(options.script === undefined ? PRODUCTION_ALLOCATOR.env : {}),
      ...options.env,
      HTTP_PORT: String(options.port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let inspectorUrl: string | undefined;
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
  });
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code ?? -1;
      resolve();
    }),
  );
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let readyAfterMs = Number.NaN;
  while (Number.isNaN(readyAfterMs)) {
    if (exited !== null) throw new Error(`${args.join(' ')} exited with ${exited}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} not ready in time: ${stderr}`);
    }
    try {
      const res = await request(`http://127.0.0.1:${options.port}/readyz`, { headersTimeout: 2_000 });
      await res.body.dump();
      if (res.statusCode === 200) readyAfterMs = performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (Number.isNaN(readyAfterMs)) await sleep(5);
  }
  const pid = child.pid ?? -1;
  return {
    child,
    pid,
    port: options.port,
    readyAfterMs,
    rssBytes: () => rssOf(pid),
    cpuSeconds: () => cpuSecondsOf(pid),
    async collectAndMeasure() {
      if (inspectorUrl === undefined) throw new Error('spawned without inspect: true');
      const replies = await inspectorSession(inspectorUrl, [
        { method: 'HeapProfiler.collectGarbage' },
        { method: 'HeapProfiler.collectGarbage' },
        { method: 'Runtime.evaluate', params: { expression: 'JSON.stringify(process.memoryUsage())' } },
      ]);
      return JSON.parse(replies[2]?.result?.result?.value ?? '{}') as NodeJS.MemoryUsage;
    },
    async stop() {
      if (exited !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
