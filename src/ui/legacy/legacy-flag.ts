/**
 * The `_legacy` flag (spec §2): the word `_legacy` anywhere in the path or the query switches the app to
 * the older shell and login — `/_legacy`, `/x/_legacy/y`, `?_legacy`, `?ui=_legacy`, `?_legacy=1`.
 */

/** True when `_legacy` appears in the path or the query (the hash is not looked at). */
export function isLegacy(location: { pathname: string; search: string }): boolean {
  return [location.pathname, location.search].some((part) => decoded(part).includes(LEGACY_WORD))
}

const LEGACY_WORD = '_legacy'

// `%5Flegacy` is the same word to a reader; a malformed escape is read as written.
function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    return part
  }
}
