# syntax=docker/dockerfile:1
# Vestibule: a multi-stage image on Node 24 LTS. The build stage runs the same scripts as the
# production-install test (packages/api/test/operations/production-install.test.ts):
# `npm run build`, then `node scripts/package.mjs /release --install` (runtime dependencies only).
# The runtime stage holds that directory alone and runs as a non-root user.

FROM node:24-bookworm-slim AS build
WORKDIR /src
# Dependencies first, so source changes reuse this layer. `npm install` honours the lock file
# (see .ci/run for why not `npm ci` on mirrors without other platforms' optional packages).
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/api/package.json packages/api/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/package.mjs /release --install

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/vestibule
# The allocator settings of scripts/server-flags.mjs (SERVER_ENV, decision 0061); the
# production-install test holds this line to that list.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
# The node image's unprivileged user (uid 1000); only DATA_DIR is writable (PGlite, if used).
RUN mkdir -p /var/lib/vestibule && chown node:node /var/lib/vestibule
COPY --from=build --chown=root:root /release /app
USER node
EXPOSE 3000
# Readiness, not liveness: a draining or database-less instance reports unhealthy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself; the server drains (SHUTDOWN_TIMEOUT_MS).
STOPSIGNAL SIGTERM
# The flags of scripts/server-flags.mjs (peak memory: decisions 0043, 0059); the production-install
# test holds this line to that list. main.js turns on source maps for the server's own code.
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=20", "--liftoff-only", "packages/api/dist/main.js"]
