# syntax=docker/dockerfile:1
# The service's image (decision 034). Two stages: the first builds with every dependency, the
# second holds only the production dependencies and the build output. The same image runs a web
# instance (the default command) or the job worker (`node dist/server/worker.js`); see compose.yaml.
# Node.js is the release of .nvmrc (a test keeps the two equal).

FROM node:24.21.0-slim AS build
WORKDIR /app
# Dependencies first, so a change to the source reuses this layer.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.21.0-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only: the bundles load them from node_modules (PGlite's .wasm files,
# pdfkit's fonts); no compiler, test tool or tsx is in the image.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# DATA_DIR holds the outbox folder when no mail transport is set; the rest of /app stays
# read-only to the service's user.
RUN mkdir -p /app/data && chown node:node /app/data
# The unprivileged user of the node image (uid 1000).
USER node
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks the readiness probe (the database takes a write).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm start (which would rebuild with tsx) nor npm (which does not pass SIGTERM
# on): the server stops gracefully on SIGTERM. Run with an init (compose's init: true) to reap.
CMD ["node", "dist/server/main.js"]
