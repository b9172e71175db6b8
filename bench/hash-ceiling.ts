// The hash-concurrency ceiling (decision 0063): as many concurrent `verifyPassword` loops
// as cores in one idle process for a few seconds, at the production argon2id parameters. Its rate
// divided by the hash-bound limit (cores ÷ one sequential hash, bench/hash-time.ts) is the share of
// that limit the hardware itself allows to a server that costs nothing but its hashes: on the
// bench machine concurrent argon2id streams contend for memory bandwidth and caches, so this is
// below 1. The login figure is reported against both; the target stays the limit.
// `node --import tsx bench/hash-ceiling.ts <loops> <seconds>`; prints { perSecond, cpuMsPerHash, hashes, loops, seconds }.
import { hashPassword, verifyPassword } from '../packages/api/src/security/password';

const loops = Number(process.argv[2] ?? 2);
const seconds = Number(process.argv[3] ?? 4);
const password = 'correct horse battery staple';
const stored = await hashPassword(password);
await Promise.all(Array.from({ length: loops }, () => verifyPassword(stored, 'warm-up')));

let hashes = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const deadline = started + seconds * 1000;
async function loop() {
  while (performance.now() < deadline) {
    await verifyPassword(stored, password);
    hashes++;
  }
}
await Promise.all(Array.from({ length: loops }, loop));
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
// CPU of one hash while every core hashes: what a login's hash costs a busy server.
const cpuMsPerHash = (cpu.user + cpu.system) / 1000 / hashes;
console.log(JSON.stringify({ perSecond: hashes / elapsed, cpuMsPerHash, hashes, loops, seconds: elapsed }));
