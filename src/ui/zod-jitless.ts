/**
 * Imported first by the entry, before any module can parse with zod: the page's Content-Security-Policy
 * forbids eval, and zod would otherwise probe `new Function` on its first object parse (caught, but the
 * browser reports a CSP violation). Jitless parsing is what it falls back to anyway.
 */
import { z } from 'zod'

z.config({ jitless: true })
