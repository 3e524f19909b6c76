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
  const counts = {} as BundleManifest['counts'] & Record<BundleSection, number>
  const hashes = {} as BundleManifest['hashes'] & Record<BundleSection, string>
  for (const section of BundleSections) {
    counts[section] = data[section].length
    hashes[section] = sectionHash(data[section])
  }
  return { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, ...about, hashAlgorithm: 'sha256', counts, hashes }
}

/**
 * Throws a 400 naming the first section whose count or hash differs from the manifest's. A version 1 manifest
 * vouches for no corrections: such a bundle carrying some was changed after export.
 */
export function assertMatchesManifest(data: BundleData, manifest: BundleManifest): void {
  for (const section of BundleSections) {
    const items = data[section]
    const counted = manifest.counts[section]
    const hashed = manifest.hashes[section]
    if (counted === undefined || hashed === undefined) {
      if (manifest.version === 1 && section === 'corrections' && counted === undefined && hashed === undefined) {
        if (items.length === 0) continue
        throw invalidField(`manifest.counts.${section}`, `the bundle holds ${items.length} ${section}, its manifest (format version 1) says none: it was changed or damaged after export`)
      }
      throw invalidField(`manifest.${counted === undefined ? 'counts' : 'hashes'}.${section}`, `a version ${manifest.version} manifest must say how many ${section} the bundle holds and their hash`)
    }
    if (items.length !== counted) {
      throw invalidField(`manifest.counts.${section}`, `the bundle holds ${items.length} ${section}, its manifest says ${counted}: it was changed or damaged after export`)
    }
    if (sectionHash(items) !== hashed) {
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
