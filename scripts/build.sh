#!/usr/bin/env bash
# `npm run build`: everything `npm start` serves, in order. Each step reads the previous one's output
# (dist/web), so later steps see the final files.
set -euo pipefail
cd "$(dirname "$0")/.."

npx vite build --logLevel warn
npx tsx scripts/build/prerender.ts
npx tsx scripts/build/compress-assets.ts
npx tsx scripts/build/server.ts
