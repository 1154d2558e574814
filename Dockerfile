# syntax=docker/dockerfile:1
# Multi-stage build of the storefront (docs/architecture.md §9) on Node 24 LTS: build with dev dependencies
# (esbuild, tsx), run the bundled dist/server/index.js with production dependencies only, as a
# non-root user, with NODE_ENV=production and a HEALTHCHECK on /healthz.
# Without upstream variables the image refuses to start (one log line) unless SHOP_MODE=local asks
# for the emulators, which then run as a child process (dist/emulators/index.js) on loopback only;
# the browser reaches what it needs of them through the shop's /__local/ route (ADR-0020).

# The exact Node package.json pins for npm scripts (optionalDependencies node-linux-<arch>, ADR-0030),
# for every stage; tests/readme/node.test.ts checks that the two agree.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.cjs ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.cjs ./scripts/
# The image's own Node (the same version) runs the shop: the registry's copy that npm ci installs
# as an optional dependency (about 190 MB, for machines whose Node is older) stays out of the image.
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-* node_modules/.bin/node

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Local mode: dist/emulators (the child process and its GROQ worker thread) come with dist; the seed
# dataset, the Storefront schema and the checkout stylesheet are read at run time.
COPY --from=build /app/content ./content
COPY --from=build /app/emulators ./emulators
COPY package.json ./
COPY docker/healthcheck.js ./docker/healthcheck.js
# .data/outbox exists in the image so a named volume mounted there (compose) is owned by node.
RUN mkdir -p /app/.data/outbox && chown -R node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node docker/healthcheck.js || exit 1
CMD ["node", "--enable-source-maps", "dist/server/index.js"]
