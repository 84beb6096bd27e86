// `node bench/profile.ts <dir>`: where the time went in every .cpuprofile under a directory (for a
// profile of the benchmark process itself: `node --cpu-prof --cpu-prof-dir=<dir> bench/run.ts`).
import { summariseProfiles } from './lib/profile-summary.ts';

const dir = process.argv[2];
if (dir === undefined) {
  console.error('usage: node bench/profile.ts <directory with .cpuprofile files>');
  process.exit(2);
}
console.log(summariseProfiles(dir, Number(process.argv[3] ?? 15)));
