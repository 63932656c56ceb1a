import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin, type UserConfig } from 'vite'

const here = (path: string) => new URL(`./${path}`, import.meta.url).pathname

const shared: UserConfig = {
  root: 'web',
  publicDir: 'public',
  resolve: {
    alias: {
      '@web': here('web/'),
      '@contract': here('contract'),
    },
  },
}

/** What the server reads besides the static files (server/web-app.ts): outside dist/web, never served as is. */
export const SSR_DIR = here('dist/web-ssr')

/**
 * After the browser's build: the same app built for Node (`web/entry-server.tsx`, into dist/web-ssr), then
 * run to prerender the public site's pages and the 404 page in both languages into dist/web-ssr/pages, and
 * the route table's paths into dist/web-ssr/routes.json (issue 45; docs/decisions/014-server-rendering.md).
 */
function serverRendering(): Plugin {
  return {
    name: 'lootqueue:server-rendering',
    apply: 'build',
    async closeBundle() {
      rmSync(SSR_DIR, { recursive: true, force: true })
      await build({
        ...shared,
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: 'entry-server.tsx',
          outDir: SSR_DIR,
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
          rollupOptions: {
            output: { entryFileNames: 'entry-server.js' },
            // The server imports every text up front (web/entry-server.tsx), the browser's loader each on
            // demand (web/lib/language.ts): in this build the lazy imports are meant to be no-ops.
            onwarn(warning, warn) {
              if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning)
            },
          },
        },
      })
      const entry = (await import(
        pathToFileURL(join(SSR_DIR, 'entry-server.js')).href
      )) as typeof import('./web/entry-server')
      const template = readFileSync(here('dist/web/index.html'), 'utf8')
      for (const page of await entry.prerenderSite(template)) {
        const file = join(SSR_DIR, 'pages', page.file)
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, page.html)
      }
      writeFileSync(join(SSR_DIR, 'routes.json'), `${JSON.stringify(entry.routePatterns(), null, 2)}\n`)
    },
  }
}

export default defineConfig({
  ...shared,
  plugins: [react(), tailwindcss(), serverRendering()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // Every browser the app supports preloads modules itself.
      polyfill: false,
      // No route's modules are hinted when the entry imports the route: the browser fetches them as it
      // finds their imports. Vite's preload helper would add a <link rel="modulepreload"> per module of the
      // route (40–80 on a dashboard screen) and wait for all of them: on a phone's line and CPU a dashboard
      // screen then painted nothing for 2 s longer, and adding them was the largest part of a server-rendered
      // page's hydration (docs/decisions/014-server-rendering.md, "Smaller first loads").
      resolveDependencies: (_filename, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
    // The texts stay files fetched as data (web/lib/fetch-texts.ts), never inlined in a script.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
})
