import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from './http.ts';

/** A loopback load balancer: each request goes to the next target in turn. */
export interface RoundRobin {
  /** Base URL of the proxy; every path is forwarded as is to the chosen target's origin. */
  readonly url: string;
  /** Replaces the targets (origins such as http://127.0.0.1:1234); requests before any target get 503. */
  setTargets(origins: string[]): void;
  /** Requests forwarded to each target, in the order of `setTargets`. */
  hits(): number[];
  close(): Promise<void>;
}

// Hop-by-hop headers are the proxy's own business; everything else (the secret token too) is forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a round-robin HTTP proxy on a free loopback port. */
export async function startRoundRobin(initial: string[] = []): Promise<RoundRobin> {
  let targets = [...initial];
  let counts = targets.map(() => 0);
  let next = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (targets.length === 0) {
        res.writeHead(503, { 'retry-after': '1' }).end();
        return;
      }
      const index = next % targets.length;
      next = index + 1;
      counts[index] = (counts[index] ?? 0) + 1;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      try {
        const answer = await fetch(`${targets[index]}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers,
          ...(body.length > 0 ? { body } : {}),
        });
        const out = Buffer.from(await answer.arrayBuffer());
        const type = answer.headers.get('content-type');
        res.writeHead(answer.status, type === null ? {} : { 'content-type': type }).end(out);
      } catch {
        // A target that is down: the sender retries, as it would behind a real load balancer.
        res.writeHead(502).end();
      }
    })();
  });
  const running = await listenOnLoopback(server);
  return {
    url: running.url,
    setTargets(origins) {
      targets = [...origins];
      counts = targets.map(() => 0);
      next = 0;
    },
    hits: () => [...counts],
    close: () => running.close(),
  };
}
