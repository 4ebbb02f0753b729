# 灵犀: one image serving web + API. Built and run as in docs/deploy.md and compose.yaml.
# NOTE: written for a Docker engine; none runs on the machine where this was written, so the image was not built
# there. What was checked instead: the runtime stage's dependency set (npm ci --omit=dev --workspace @lingxi/server)
# starts the server from the built web app as an unprivileged user, on Node 20 and on Node 22.
#
# Node: 22 LTS in the image; the code and its dependencies accept Node >= 20.19 (package.json engines), which is
# what development machines and CI run.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/bazi/package.json packages/bazi/

# Everything, to build the web app and bundle the server (ADR 028).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# The server's production dependencies only: no web toolchain, test runners, linters or type-checkers.
FROM manifests AS prod-deps
RUN npm ci --omit=dev --workspace @lingxi/server --no-audit --no-fund

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production PORT=8000 DATA_DIR=/data
# The manifests and every node_modules folder npm made (some packages sit under apps/server/node_modules).
COPY --from=prod-deps /app ./
# The server is one bundle (our TypeScript and the workspace packages); it reads its migrations at start.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
# The official image's unprivileged user: the app can write to /data only.
USER node
EXPOSE 8000
# PORT may be changed (compose runs two instances on 8001 and 8002); the check follows it.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server.mjs"]
