# syntax=docker/dockerfile:1
# Build stage: install everything (better-sqlite3 compiles here), build client and server, then
# drop the development dependencies so only what runs is copied on.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# pack:cli also stages the CLI in dist/cli-package (bulwark.mjs, its chunks/ and locales).
RUN npm run build && npm run pack:cli && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: the production server as the unprivileged `node` user, data on a volume.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    BULWARK_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/locales ./locales
# `bulwark` on PATH: the bundled CLI, which needs nothing from node_modules.
RUN ln -s /app/dist/cli-package/bulwark.mjs /usr/local/bin/bulwark
# Owner-only: the database, its WAL files, secrets.json and the mail files are the node user's alone.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "dist/server/main.js"]
