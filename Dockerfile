# One image for every app; the app is chosen by the command (node dist/apps/<app>/main.js).
# Node 24 LTS is the supported runtime (package.json engines).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:all

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY data ./data
# the chat page: the gateway (and the all-in-one) serve it at /
COPY apps/web/public ./apps/web/public
COPY docker/healthcheck.mjs ./docker/healthcheck.mjs
USER node
EXPOSE 3000
# liveness of whichever app the container runs (its /health on PORT or METRICS_PORT)
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "docker/healthcheck.mjs"]
CMD ["node", "dist/apps/all-in-one/main.js"]
