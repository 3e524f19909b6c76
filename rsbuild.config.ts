import { defineConfig } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'

// `npm run dev` serves the client with hot reload on :3000 and hands /api and /ws to a running server
// (`npm start`, or SIGHTLINE_API). Development builds show the Mock Auth button.
const api = process.env.SIGHTLINE_API ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/ui/main.tsx' } },
  // The page's own template: it names its language (lang="en"), which screen readers and axe ask for.
  html: { title: 'Sightline', favicon: './src/ui/styles/favicon.svg', template: './src/ui/index.html' },
  output: {
    // Recorded sessions the replay view can load by name (?replay=<scenario>).
    copy: [{ from: './fixtures', to: 'fixtures', globOptions: { ignore: ['**/expected/**'] } }],
  },
  server: {
    port: Number(process.env.DEV_PORT ?? 3000),
    historyApiFallback: true,
    // The Auth emulator sits behind the server's origin (server/platform/auth/identity-proxy.ts), so behind this one too.
    proxy: {
      '/api': api,
      '/ws': { target: api, ws: true },
      '/identitytoolkit.googleapis.com': api,
      '/securetoken.googleapis.com': api,
      '/emulator': api,
    },
  },
})
