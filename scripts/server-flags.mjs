// The node flags and the allocator settings of the server, in one place: `npm start`
// (scripts/start.mjs), the packaged release's start script (scripts/package.mjs), the bench
// (bench/server-figures.mjs), the e2e server and the image (the Dockerfile's ENV and CMD, which
// the production-install test holds to these lists). Decisions 0059 and 0061 have the
// measurements behind each.
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

// The server's environment: glibc reads its allocator settings once, when the process starts, so
// they go where the server is started, like the flags; a value the operator set wins.
export const SERVER_ENV = {
  // At most two malloc arenas. By default glibc gives every thread that allocates an arena of its
  // own (the 4 libuv workers, which compress answers with brotli and gzip, and V8's 4 workers,
  // which compile and collect), and each arena keeps what its thread freed: ~2.5 MB of free but
  // resident memory in each after the bench's loads. Measured: peak −3 to −5 MB, CPU per request
  // unchanged (decision 0061). argon2id's 19 MiB buffers do not come from glibc (the package
  // allocates them with its own mimalloc and unmaps them after each hash).
  MALLOC_ARENA_MAX: '2',
};

/** `NAME=${NAME:-value} …`: SERVER_ENV for a POSIX shell command line, the operator's value first. */
export const SERVER_ENV_SHELL = Object.entries(SERVER_ENV)
  .map(([name, value]) => `${name}=\${${name}:-${value}}`)
  .join(' ');
