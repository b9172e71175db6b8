// Preloaded into the server under soak (`node --expose-gc --import robustness/memory-probe.mjs …`):
// every SOAK_SAMPLE_MS it runs a full garbage collection and appends the process's memory to
// SOAK_MEMORY_FILE as one JSON line. After a full collection the heap holds only what is still
// reachable, so a leak shows as a rising line instead of hiding in the collector's sawtooth.
// Nothing in the server knows about it; without SOAK_MEMORY_FILE it does nothing.
import { appendFileSync } from 'node:fs';

const file = process.env.SOAK_MEMORY_FILE;
const every = Number(process.env.SOAK_SAMPLE_MS ?? 5000);

if (file) {
  const sample = () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({
        t: Date.now(),
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
        gc: typeof globalThis.gc === 'function',
      })}\n`,
    );
  };
  setInterval(sample, every).unref();
}
