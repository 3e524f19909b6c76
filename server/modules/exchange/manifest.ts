/**
 * A bundle's manifest: the canonical JSON of each section and its sha-256 (src/protocol/bundle.ts says
 * what the hashes promise and what they do not). Export and import both hash the section as the bundle
 * schema parses it, so a bundle that went through a file, a browser and the body parser hashes the same.
 */
import { createHash } from 'node:crypto'
import { BUNDLE_FORMAT, BUNDLE_VERSION, type BundleData, type BundleKind, type BundleManifest, BundleSections, type BundleSection } from '../../../src/protocol/bundle'
import { Refusal } from '../../platform/core/refusal'

/** The manifest of bundle data: counts and hashes of every section. */
export function manifestOf(data: BundleData, about: { kind: BundleKind; root: BundleManifest['root']; exportedAt: string; exportedFrom: string }): BundleManifest {
  const counts = {} as Record<BundleSection, number>
  const hashes = {} as Record<BundleSection, string>
  for (const section of BundleSections) {
    counts[section] = data[section].length
    hashes[section] = sectionHash(data[section])
  }
  return { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, ...about, hashAlgorithm: 'sha256', counts, hashes }
}

/** Throws a 400 naming the first section whose count or hash differs from the manifest's. */
export function assertMatchesManifest(data: BundleData, manifest: BundleManifest): void {
  for (const section of BundleSections) {
    if (data[section].length !== manifest.counts[section]) {
      throw invalidField(`manifest.counts.${section}`, `the bundle holds ${data[section].length} ${section}, its manifest says ${manifest.counts[section]}: it was changed or damaged after export`)
    }
    if (sectionHash(data[section]) !== manifest.hashes[section]) {
      throw invalidField(`manifest.hashes.${section}`, `the ${section} of the bundle do not match its manifest's hash: it was changed or damaged after export`)
    }
  }
}

export function sectionHash(items: readonly unknown[]): string {
  return createHash('sha256').update(canonicalJson(items)).digest('hex')
}

/** JSON with object keys sorted at every level and no whitespace; `undefined` members left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  const obj = value as Record<string, unknown>
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`
}

/** A bundle that cannot be imported, naming the field at fault (the edge answers 400 VALIDATION_ERROR). */
export const invalidField = (field: string, message: string) => new Refusal('invalid', `${field}: ${message}`)
