/**
 * Diagnostic: every Redis command (scripts' inner calls included, through MONITOR) that 20 guided top-ups one after
 * another cost, per chat update and by key family, with a tail long enough for the jobs they leave delayed (an
 * edit's safety net, 10 s) to run. `node bench/redis-trace.ts`; not part of `npm run bench`.
 */
import { startBenchWorld } from './lib/world.ts';
import { guidedTopUp, phoneFor } from './lib/top-up-flow.ts';
import { sleep } from './lib/stats.ts';

const TOP_UPS = 20;
const TAIL_MS = Number(process.env.TRACE_TAIL_MS ?? 15_000);

const world = await startBenchWorld({ timeScale: 0.01 });
const ids = Array.from({ length: TOP_UPS }, (_, i) => 731_000_000 + i);
await world.addResellers([...ids, 730_999_999]);
const bot = await world.startBot();
// One warm-up top-up fills the catalogue cache, then the loops settle.
await guidedTopUp(world.tap, world.standIn.driver.user({ id: 730_999_999 }), phoneFor(999_000));
await sleep(3_000);
const client = world.redisClient();
const monitor = await client.monitor();
const families = new Map<string, number>();
let commands = 0;
monitor.on('monitor', (_time: string, args: string[]) => {
  commands += 1;
  // A script's first key stands for it; keys lose their IDs so that one family is one line.
  const key = /^eval/i.test(args[0] ?? '') ? (args[3] ?? '') : (args[1] ?? '');
  const parts = key.replace(/\{?\d{5,}\}?/g, 'N').split(':');
  const family = parts.slice(0, parts[1] === 'jobs' ? 3 : 2).join(':');
  families.set(family, (families.get(family) ?? 0) + 1);
});
let updates = 0;
for (const [i, id] of ids.entries()) {
  updates += (await guidedTopUp(world.tap, world.standIn.driver.user({ id }), phoneFor(10_000 + i))).updates;
}
await sleep(TAIL_MS);
monitor.disconnect();
client.disconnect();
const perUpdate = (n: number) => (n / updates).toFixed(2);
console.log(`${updates} chat updates, ${perUpdate(commands)} Redis commands per update`);
for (const [family, n] of [...families].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`${perUpdate(n).padStart(7)}  ${family}`);
}
await bot.stop();
await world.close();
