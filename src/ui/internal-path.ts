/** Only same-origin paths may be a post-login destination (no open redirects): `/x`, never `//host` or `/\host`. */
export function isInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/login')
}
