# syntax=docker/dockerfile:1
# The shop as a container image (issue 15): `docker build -t trampa-shop .`
# Build stage: all dependencies, the storefront build and the compiled servers (dist/).
# Runtime stage: production dependencies only, plain `node` on the compiled output, user `node`.
# See README "Production" and compose.yaml.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY apps/admin/package.json apps/admin/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/apps/storefront/build ./apps/storefront/build
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
COPY --from=build /app/apps/api/drizzle ./apps/api/drizzle
# data/: the mail outbox (MAIL_OUTBOX_DIR) when SMTP_URL is unset; the only place it writes.
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The release step runs the same image with: node dist/migrate.js (compose service `migrate`).
# Heap flags as in `npm run start:prod` (issue 28, docs/performance.md "Memory"): V8 grows its heap
# by a factor of up to 4 over the live objects (~70 MB at the default seed) when it may use
# gigabytes; capped at 256 MB it stays near 1.5, and a 2 MB young generation instead of 16 MB.
# A catalogue of 100 000 products or more: raise the cap (docs/performance.md "Memory").
CMD ["node", "--enable-source-maps", "--max-old-space-size=256", "--max-semi-space-size=2", "dist/server.js"]
