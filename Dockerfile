# syntax=docker/dockerfile:1
#
# The production server: one Node process serving the built dashboard and
# the API on port 4200 (README, "Running it in a container").
#
#   docker build -t collective-dashboard --build-arg BUILD_COMMIT=$(git rev-parse --short HEAD) .
#   docker run -p 4200:4200 -v collective-data:/data collective-dashboard
#
# Stage 1 installs every dependency and builds the api and dashboard projects
# with Nx; stage 2 installs the runtime dependencies only (npm ci
# --omit=dev) and copies the two builds in, running as the image's non-root
# `node` user.

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
RUN npm ci
# Shown in the dashboard's build stamp; there is no .git in the image.
ARG BUILD_COMMIT=unknown
ENV BUILD_COMMIT=${BUILD_COMMIT}
RUN npx nx run-many -t build -p api dashboard
# The lockfile and every workspace's package.json: all npm ci needs in stage 2.
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find apps libs tools -name package.json -not -path '*/node_modules/*' \
      -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /manifests/ ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/dashboard/dist apps/dashboard/dist
RUN mkdir -p /data && chown node:node /data
USER node
# Listen on every interface of the container; the embedded database (used
# when DATABASE_URL is not set) lives in the /data volume.
ENV HOST=0.0.0.0 PORT=4200 PGLITE_DATA_DIR=/data/pglite
VOLUME ["/data"]
EXPOSE 4200
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
