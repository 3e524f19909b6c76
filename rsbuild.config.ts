import { defineConfig } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'

export default defineConfig({
  plugins: [pluginReact()],
  source: { entry: { index: './src/ui/main.tsx' } },
  html: { title: 'Sightline', favicon: './src/ui/styles/favicon.svg' },
  output: {
    // Recorded sessions the replay view can load by name (?replay=<scenario>).
    copy: [{ from: './fixtures', to: 'fixtures', globOptions: { ignore: ['**/expected/**'] } }],
  },
  server: { port: Number(process.env.PORT ?? 8080) },
})
