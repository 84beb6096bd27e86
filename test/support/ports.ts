import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Free loopback TCP ports for the tests' servers, taken below the kernel's ephemeral range: a port the kernel hands
 * out (listen on 0) is in that range, and between its check and its use (a child process binding it, a replica
 * restarted on it after a SIGKILL) any outgoing connection of the machine may take it as its own source port
 * (EADDRINUSE, seen in test/bulk/crash.test.ts). Below the range only another listener can, and the check sees
 * those. Each vitest worker takes its own slice, walked in turn, so two workers or two calls never get one port.
 */
const LOWEST = 10_000;
const SLICES = 8;

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST + SLICES * 100 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const sliceSize = Math.floor((ephemeralLow() - LOWEST) / SLICES);
const sliceStart = LOWEST + (Number(process.env['VITEST_POOL_ID'] ?? 0) % SLICES) * sliceSize;
let next = Math.floor(Math.random() * sliceSize);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A loopback TCP port no one listens on, below the ephemeral range, not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < sliceSize; tries++) {
    const port = sliceStart + (next++ % sliceSize);
    if (await canListen(port)) return port;
  }
  throw new Error('no free loopback port below the ephemeral range');
}
