// deploy/Dockerfile, generated from the list of services (each one's package.json is copied before
// `npm ci`, so the install layer stays cached until a dependency changes).
import { GENERATED } from './text.mjs';

export function dockerfile(services) {
  const manifests = [
    'libs/contracts',
    'libs/domain',
    'libs/platform',
    ...services.map((s) => `services/${s.name}`),
    'gateway',
    'frontend',
  ].map((dir) => `COPY ${dir}/package.json ${dir}/`);
  return `# syntax=docker/dockerfile:1
${GENERATED}
# One image for every AV Pass app (the services and the gateway with the built frontend).
# docker-compose.yml picks the app with \`command: ["node", "<app>/dist/main.js"]\`.
# Base: Debian (glibc), because sharp and @node-rs/argon2 ship linux-x64-gnu prebuilt binaries.

# ---------------------------------------------------------------- build
FROM node:22-bookworm-slim AS build
ENV NX_DAEMON=false \\
    NX_NO_CLOUD=true \\
    NX_TUI=false \\
    SCARF_ANALYTICS=false
WORKDIR /app

# Manifests first, so \`npm ci\` stays cached until a dependency changes.
COPY package.json package-lock.json ./
${manifests.join('\n')}
# --ignore-scripts: nothing needs an install script (native modules come as prebuilt optional
# packages); it also skips cpu-features' node-gyp build (testcontainers -> ssh2, dev only).
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund

# Build everything (nx), drop devDependencies, then gather only what runs into /out:
# production node_modules (with the @avpass/* workspace links), manifests and dist/ trees.
COPY . .
RUN npm run build \\
 && npm prune --omit=dev --no-audit --no-fund \\
 && mkdir /out \\
 && cp -a --parents package.json node_modules \\
      libs/*/package.json libs/*/dist \\
      services/*/package.json services/*/dist \\
      gateway/package.json gateway/dist \\
      frontend/package.json frontend/dist \\
      /out/

# ---------------------------------------------------------------- runtime
FROM node:22-bookworm-slim AS runtime
# The operator port (/metrics, /healthz, /readyz, on METRICS_PORT) must be reachable from outside the
# container for probes and scrapes; outside a container the apps bind it to 127.0.0.1.
ENV NODE_ENV=production \\
    OPERATOR_HOST=0.0.0.0
WORKDIR /app
# Fonts for the voucher cards the rendering service draws: embedded in the PDFs (DejaVu for Latin,
# Cyrillic, Greek; Noto CJK), and found by fontconfig when sharp/librsvg renders the SVG text.
RUN apt-get update \\
 && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk \\
 && rm -rf /var/lib/apt/lists/*
# Application files stay root-owned (read-only to the app); only DATA_DIR is writable.
COPY --from=build /out/ /app/
RUN mkdir -p /data && chown node:node /data
USER node
# No HEALTHCHECK here: the image is shared, only the gateway serves HTTP (see docker-compose.yml).
EXPOSE 3000
CMD ["node", "gateway/dist/main.js"]
`;
}
