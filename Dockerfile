# LootQueue's container image: Debian's own Node.js, the app built inside, run as a user of its own.
# Build and try it with scripts/image.sh; run two processes behind nginx on PostgreSQL with compose.yaml.
# docs/operations.md, "Containers".

FROM debian:trixie-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs npm \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The packages first, in a layer of their own that a change of the sources leaves as it is. Their scripts
# wait: the project's own (`prepare`, the build) needs the sources; esbuild's is the only other one.
# --prefer-offline: a package already in npm's cache is taken from it without asking the registry (the
# cache is empty here unless the build lends one, as scripts/image.sh does).
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --prefer-offline --no-audit --no-fund && npm rebuild esbuild
COPY . .
# The web app and the server into dist/, then only what production runs keeps its packages: PGlite, which
# the bundle imports, and what `node --import tsx scripts/backup.ts` (and restore) load.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM debian:trixie-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 lootqueue \
    && useradd --uid 10001 --gid 10001 --no-create-home --no-log-init --home-dir /app --shell /usr/sbin/nologin lootqueue \
    && mkdir /data \
    && chown lootqueue:lootqueue /data
WORKDIR /app
COPY --from=build /app /app
# The embedded database (and its generated AUTH_SECRET and daily snapshots) lives in /data; with
# DATABASE_URL the process writes nothing.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
USER lootqueue
# SIGTERM (`docker stop`): the server finishes what is in flight, checkpoints the embedded database and
# exits 0 (docs/decisions/006-operations.md). Node is PID 1 here, which has no default signal handlers:
# the server's own handle SIGTERM and SIGINT.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
