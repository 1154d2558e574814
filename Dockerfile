# syntax=docker/dockerfile:1
# Multi-stage build of the storefront (DESIGN §9): build with dev dependencies, run with
# production dependencies only, as a non-root user, with a HEALTHCHECK on /healthz.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The seed dataset and the emulators' schema are read at run time in local mode.
COPY --from=build /app/content ./content
COPY --from=build /app/emulators ./emulators
COPY package.json ./
COPY docker/healthcheck.js ./docker/healthcheck.js
RUN mkdir -p /app/.data && chown -R node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node docker/healthcheck.js || exit 1
CMD ["node", "--enable-source-maps", "dist/server/index.js"]
