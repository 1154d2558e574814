# syntax=docker/dockerfile:1
# Multi-stage build of the storefront (docs/architecture.md §9) on Node 24 LTS: build with dev dependencies
# (esbuild, tsx), run the bundled dist/server/index.js with production dependencies only, as a
# non-root user, with NODE_ENV=production and a HEALTHCHECK on /healthz.
#
# Two images (ADR-0033). The default target, `runtime`, is the production image: the shop alone, in
# live mode, with the root workspace's production dependencies; no emulators, no seed content, and
# none of the packages only they need. Without upstream variables it refuses to start (one log line).
# The `local` target (docker-compose.yml) adds the emulators: with SHOP_MODE=local they run as a
# child process (dist/emulators/index.js) on loopback only; the browser reaches what it needs of
# them through the shop's /__local/ route (ADR-0020).

# The exact Node package.json pins for npm scripts (optionalDependencies node-linux-<arch>, ADR-0030),
# for every stage; tests/readme/node.test.ts checks that the two agree.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.cjs ./scripts/
COPY emulators/package.json ./emulators/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The image's own Node (the same version) runs the shop: the registry's copy that npm ci installs
# as an optional dependency (about 190 MB, for machines whose Node is older) stays out of both images.
# The shop's production dependencies: the root workspace's alone. --workspaces=false leaves out the
# emulators' package and every package only it depends on (emulators/ is not even here).
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.cjs ./scripts/
RUN npm ci --omit=dev --workspaces=false --no-audit --no-fund && rm -rf node_modules/node-linux-* node_modules/.bin/node

# Local mode's: the shop's and the emulators' production dependencies (npm links the workspace as
# node_modules/@florist/emulators, which the local stage's copy of emulators/ completes).
FROM node:${NODE_VERSION}-bookworm-slim AS local-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/postinstall.cjs ./scripts/
COPY emulators/package.json ./emulators/
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-* node_modules/.bin/node

# What both images share: the environment, the health check, the user and the command.
FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY package.json ./
COPY docker/healthcheck.js ./docker/healthcheck.js
# .data/outbox exists in the image so a named volume mounted there (compose) is owned by node.
RUN mkdir -p /app/.data/outbox && chown -R node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node docker/healthcheck.js || exit 1
CMD ["node", "--enable-source-maps", "dist/server/index.js"]

# docker compose's image (SHOP_MODE=local): dist/emulators (the child process, its GROQ worker
# thread, GraphiQL) comes with dist; the seed dataset, the Storefront schema and the checkout
# stylesheet are read at run time from content/ and emulators/.
FROM base AS local
COPY --from=local-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/content ./content
COPY --from=build /app/emulators ./emulators

# The production image (the default target: last). tests/deploy/production-install.test.ts runs
# these stages' commands outside Docker and checks what they leave out.
FROM base AS runtime
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
