# LootQueue's container image: Debian's own Node.js, the app built inside, run as a user of its own.
# Build and try it with scripts/image.sh; run two processes behind nginx on PostgreSQL with compose.yaml.
# docs/operations.md, "Containers".

# What both stages run on: Debian's Node.js, installed once, and the user the app runs as.
FROM debian:trixie-slim AS runtime
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 lootqueue \
    && useradd --uid 10001 --gid 10001 --no-create-home --no-log-init --home-dir /app --shell /usr/sbin/nologin lootqueue \
    && mkdir /data \
    && chown lootqueue:lootqueue /data

FROM runtime AS build
# npm itself: the registry's release of the version the project uses, checked against its published digest
# (deploy/container/fetch-npm.mjs says why not Debian's npm package). ca-certificates: npm reaches the
# registry over TLS. Behind a proxy that re-signs TLS with its own authority, pass that authority's
# certificate file as NODE_EXTRA_CA_CERTS (a build argument: the build trusts it, the image does not keep it;
# scripts/image.sh passes the host's).
ARG NPM_VERSION=11.19.1
ARG NPM_INTEGRITY=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
ARG NODE_EXTRA_CA_CERTS
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/*
COPY deploy/container/fetch-npm.mjs /tmp/fetch-npm.mjs
RUN node /tmp/fetch-npm.mjs "$NPM_VERSION" "$NPM_INTEGRITY" /tmp/npm.tgz \
    && mkdir /opt/npm \
    && tar -xzf /tmp/npm.tgz -C /opt/npm --strip-components=1 \
    && ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm \
    && rm /tmp/npm.tgz /tmp/fetch-npm.mjs
WORKDIR /app
# The packages first, in a layer of their own that a change of the sources leaves as it is. Their scripts
# wait: the project's own (`prepare`, the build) needs the sources; esbuild's is the only other one.
# --prefer-offline: a package already in npm's cache is taken from it without asking the registry (the
# cache is empty here unless the build lends one, as scripts/image.sh does).
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --prefer-offline --no-audit --no-fund && npm rebuild esbuild
COPY . .
# The web app and the server into dist/, then only what production runs keeps its packages: PGlite, which
# the bundle imports, the packages the server-rendered pages import, and what `node --import tsx
# scripts/backup.ts` (and restore) load.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM runtime
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
