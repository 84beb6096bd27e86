import { spawn, type ChildProcess } from 'node:child_process';

/** A Node process running one of our test scripts, with its output collected line by line. */
export interface Child {
  proc: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

/**
 * Runs `script` with Node under exactly `env` (callers decide whether the test's own environment is passed on).
 * stderr is kept in `output` too, prefixed, so a timeout message can show why a child never got ready.
 */
export function startChild(script: string, env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  let buffer = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    output.push(...lines);
  });
  proc.stderr!.on('data', (chunk: Buffer) => output.push(`stderr: ${chunk.toString('utf8').trim()}`));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, output, exited };
}

/** SIGKILL (a crash, not a shutdown) and wait until the process is gone; harmless on one already gone. */
export async function killChild(child: Child): Promise<void> {
  if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
  await child.exited;
}
