# syntax=docker/dockerfile:1
#
# Bulwark's image (README "Image"). The base is Node 24 LTS on Debian 12 (bookworm), slim.
# NODE_BASE must be pinned by digest for a release: the release pipeline resolves the tag once
# (`docker buildx imagetools inspect node:24-bookworm-slim`), reviews it and builds with
#   --build-arg NODE_BASE=node:24-bookworm-slim@sha256:<digest>
# so the same bytes are built until someone moves the pin on purpose. The tag-only default is for
# local builds; with --build-arg REQUIRE_PINNED_BASE=1 (the release pipeline sets it) an unpinned
# base fails the build. docs/DECISIONS.md "#30 — the image" says why no digest is written here.
ARG NODE_BASE=node:24-bookworm-slim

# Build stage: install everything (better-sqlite3 and argon2 compile here), build client, server,
# CLI and the operations scripts, then drop the development dependencies so only what runs is
# copied on. `npm run backup|restore|migrate` then run the built scripts directly (no build check:
# the image has no sources), so `docker exec <container> npm run backup -- --to DIR` works.
FROM ${NODE_BASE} AS build
ARG NODE_BASE
ARG REQUIRE_PINNED_BASE=0
RUN case "${NODE_BASE}" in \
      *@sha256:*) ;; \
      *) if [ "${REQUIRE_PINNED_BASE}" = "1" ]; then echo "NODE_BASE=${NODE_BASE} is not pinned by digest" >&2; exit 1; fi ;; \
    esac
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && npm pkg set scripts.backup="node dist/scripts/backup.js" scripts.restore="node dist/scripts/restore.js" scripts.migrate="node dist/scripts/migrate.js"

# Runtime stage: the production server as the unprivileged `node` user (uid 1000).
FROM ${NODE_BASE}
ARG NODE_BASE
ARG VERSION=dev
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="Bulwark" \
      org.opencontainers.image.description="Administration console of a secure enterprise communications service" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.licenses="UNLICENSED" \
      org.opencontainers.image.base.name="${NODE_BASE}"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    BULWARK_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/locales ./locales
COPY --from=build --chown=root:root /app/bin ./bin
# `bulwark` on PATH: bin/bulwark.mjs runs the bundled CLI in dist/cli (nothing from node_modules).
RUN chmod 0755 /app/bin/bulwark.mjs && ln -s /app/bin/bulwark.mjs /usr/local/bin/bulwark
# SQLite's data directory, owner-only. No VOLUME here: a PostgreSQL installation keeps nothing
# in it, and an anonymous volume per container would only collect litter. SQLite users mount
# one: `docker run -v bulwark-data:/data …` (README "Image").
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
EXPOSE 3000
# Liveness, not readiness: /healthz answers while the process serves, even with the database
# away (/readyz is for the load balancer, which should stop routing rather than restart us).
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
