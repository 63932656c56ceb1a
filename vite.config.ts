import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin, type UserConfig } from 'vite'

const web = (path: string) => new URL(`./web/${path}`, import.meta.url).pathname

const shared: UserConfig = {
  root: 'web',
  publicDir: 'public',
  resolve: {
    alias: {
      '@web': web(''),
      '@contract': new URL('./contract', import.meta.url).pathname,
    },
  },
}

// The public pages' own entry (docs/decisions/013-public-page-entry.md): a second build of the same
// index.html with web/public-entry/main.tsx, written as dist/web/guild.html beside the app, which the server
// serves for /guilds/:slug and /guilds/:slug/players/:id. In that build the public pages' components stay
// the app's own, and the libraries their first paint does not need are swapped for the small modules of
// web/public-entry: i18next (web/lib/i18n.ts and react-i18next), react-router, TanStack Query, and sonner (loaded on
// the first toast).
const SWAPPED: Record<string, string> = {
  'react-i18next': web('public-entry/texts.ts'),
  'react-router': web('public-entry/router.tsx'),
  sonner: web('public-entry/toasts.tsx'),
  '@tanstack/react-query': web('public-entry/queries.ts'),
}
const APP_I18N = web('lib/i18n.ts')
/** They load the real sonner: the lazy toaster and the Toaster setup both entries share. */
const KEEP_SONNER = [web('public-entry/'), web('components/app-toaster.tsx')]

function swapForPublicEntry(): Plugin {
  return {
    name: 'lootqueue:public-entry-swaps',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
      const swapped = SWAPPED[source]
      if (swapped) {
        if (source === 'sonner' && KEEP_SONNER.some((path) => importer.startsWith(path))) return null
        return swapped
      }
      if (!source.endsWith('i18n')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === APP_I18N ? SWAPPED['react-i18next']! : null
    },
  }
}

/** Builds index.html again with the public entry's script, as guild.html, after the app's build. */
function publicEntryBuild(): Plugin {
  return {
    name: 'lootqueue:public-entry-build',
    apply: 'build',
    async closeBundle() {
      await build({
        ...shared,
        configFile: false,
        logLevel: 'warn',
        plugins: [
          swapForPublicEntry(),
          react(),
          tailwindcss(),
          {
            name: 'lootqueue:public-entry-html',
            enforce: 'post',
            transformIndexHtml: {
              order: 'pre',
              handler: (html) => html.replace('src="/main.tsx"', 'src="/public-entry/main.tsx"'),
            },
            generateBundle(_options, bundle) {
              const html = bundle['index.html']
              if (html?.type !== 'asset') throw new Error('public entry: no index.html in the bundle')
              delete bundle['index.html']
              this.emitFile({ type: 'asset', fileName: 'guild.html', source: html.source })
            },
          },
        ],
        build: {
          outDir: '../dist/web',
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          // Every browser the public page supports preloads modules itself.
          modulePreload: { polyfill: false },
          // The texts stay files fetched as data (web/public-entry/texts.ts), never inlined in a script.
          assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
        },
      })
    },
  }
}

export default defineConfig({
  ...shared,
  plugins: [react(), tailwindcss(), publicEntryBuild()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The texts stay files fetched as data (web/lib/fetch-texts.ts), never inlined in a script.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
})
