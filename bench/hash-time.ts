// Time of one password check at the production argon2id parameters (packages/api/src/security/
// password.ts), on an idle machine, one at a time: the hash-bound login limit is cores ÷ this time.
// `node --import tsx bench/hash-time.ts <count>`; prints { ms } (the median).
import { hashPassword, verifyPassword } from '../packages/api/src/security/password';

const count = Number(process.argv[2] ?? 20);
const stored = await hashPassword('correct horse battery staple');
await verifyPassword(stored, 'warm-up');
const times: number[] = [];
for (let i = 0; i < count; i++) {
  const started = performance.now();
  await verifyPassword(stored, 'correct horse battery staple');
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ ms: times[Math.floor(times.length / 2)], count }));
