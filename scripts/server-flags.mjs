// The node flags of the server, in one place: `npm start` (scripts/start.mjs), the packaged
// release's start script (scripts/package.mjs), the bench (bench/processes.mjs) and the image
// (the Dockerfile's CMD, which the production-install test holds to this list). Decision 0059
// has the measurements behind each.
export const SERVER_NODE_FLAGS = [
  // V8's young generation stays at 2 × 4 MB; the default lets it grow to tens of MB under load
  // (decision 0043), most of the peak above idle, and it is not given back afterwards.
  '--max-semi-space-size=4',
  // The old generation may grow 20 % past what the last full collection kept before the next one;
  // V8's own factor (up to 4× on a fast machine) let a server that holds ~60 MB of live objects
  // reach 90+ MB of heap between collections. Measured: peak 191–224 → 184–187 MB on PostgreSQL
  // through the bench's loads, CPU per request within the noise of the shared machine (~5 %).
  '--heap-growing-percent=20',
  // WebAssembly (PGlite's PostgreSQL) runs on V8's baseline compiler only: the optimising tier
  // compiles PostgreSQL's hot functions in the background with ~500 MB of compiler memory at its
  // peak (a 9 MB module), for a query speed-up the embedded database does not need. Nothing else
  // of the server is WebAssembly but Node's HTTP client parser, which Liftoff runs well.
  '--liftoff-only',
];
