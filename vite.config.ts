import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { firstRouteChunks, SHELL_HTML } from './scripts/build/first-route-chunks';

/** The entry's own chunks (scripts/build/first-route-chunks.ts): loaded before any other code runs. */
const ALWAYS_LOADED = /^assets\/(app|preload-helper|rolldown-runtime)-[\w-]{8}\.js$/;
const chunks = firstRouteChunks(path.resolve(import.meta.dirname, 'web'));

/**
 * The web app manifest (manifest.webmanifest; docs/decisions/147-installable-app.md). Its words are the
 * product's name and the three sections' names in English: a manifest has one language, and the
 * installed app's own pages speak the user's.
 */
const webAppManifest: Partial<ManifestOptions> = {
  id: '/dashboard',
  name: 'StudyPilot',
  short_name: 'StudyPilot',
  description: 'Your timetable, tasks, grades and focus timer in one place.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  // The brand blue for the title bar; the page's own theme-color (light or dark, index.html) wins once it loads.
  theme_color: '#2563eb',
  background_color: '#ffffff',
  categories: ['education', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Tasks', url: '/tasks', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Schedule', url: '/schedule', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Focus', short_name: 'Focus', url: '/study', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
  ],
};

/**
 * theme-boot.js inline in the app's index.html instead of a request of its own (decision 161): it
 * blocked the first paint for a round trip, and took one of HTTP/1.1's six connections from the first
 * route's code. The server allows exactly this text by its hash (server/plugins/security.ts, read
 * from the built public/theme-boot.js). The prerendered landing pages keep the file.
 */
const THEME_BOOT_TAG = '<script src="/theme-boot.js"></script>';
const inlineThemeBoot: Plugin = {
  name: 'studypilot:inline-theme-boot',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      if (!html.includes(THEME_BOOT_TAG)) throw new Error(`index.html no longer has ${THEME_BOOT_TAG}`);
      const source = readFileSync(path.resolve(import.meta.dirname, 'web/public/theme-boot.js'), 'utf8');
      return html.replace(THEME_BOOT_TAG, () => `<script>${source}</script>`);
    },
  },
};

/** The web client: root web/, built to dist/web, served by the Fastify server in production. */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    chunks.plugin,
    inlineThemeBoot,
    tailwindcss(),
    // The installable app (docs/decisions/147-installable-app.md): manifest.webmanifest, and
    // web/service-worker/sw.ts built to sw.js with the list of the build's files to precache. The page
    // registers the worker itself (web/lib/service-worker.ts), from the app only, never the landing page.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: webAppManifest,
      includeManifestIcons: true,
      injectManifest: {
        // The whole app (every lazily loaded page and its translations), so any page opens offline; the
        // prerendered landing pages are written after this build and are not precached.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The HEIC decoder (3 MB, loaded only when a HEIC preview opens; previews need the network anyway)
        // is not precached: every install would download it for nothing.
        globIgnores: ['.vite/**', 'landing/**', 'assets/heic-to-*.js', SHELL_HTML],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // No inline scripts or module preload polyfill: the CSP forbids inline script.
    // A lazy chunk's preload list leaves out the chunks every page has loaded before any lazy import
    // runs (the entry's `app` group and the runtime): Vite's preload helper spent tens of milliseconds
    // of the dashboard's start (4× CPU) resolving and skipping them (decision 161). The HTML keeps
    // them: there they are the preloads that let `app` download beside the entry instead of after it
    // (decision 165).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !ALWAYS_LOADED.test(dep))),
    },
    assetsInlineLimit: 0,
    sourcemap: false,
    // Read by npm run bench to size the landing and app-shell JavaScript.
    manifest: true,
    // The first route in a few chunks instead of forty (scripts/build/first-route-chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
