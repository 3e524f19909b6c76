/**
 * SSRF guard: decides whether an IP address is on the public internet. Used twice by fetchText: on IP
 * literals before connecting, and as the socket's DNS `lookup`, so the address checked is the address
 * connected to (no gap for DNS rebinding between a check and the connection).
 */
import dns from 'node:dns'
import net from 'node:net'

/** True for loopback, private, link-local, CGNAT, multicast, documentation and other non-public ranges. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return true // not an address at all: never treat as safe
  if (family === 4) return blocked.check(address, 'ipv4')
  if (blocked.check(address, 'ipv6')) return true // also covers IPv4-mapped ::ffff:a.b.c.d
  const embedded = embeddedIpv4(address)
  return embedded !== undefined && blocked.check(embedded, 'ipv4')
}

/** Strips the brackets WHATWG URL keeps around IPv6 hostnames. */
export function hostnameToAddress(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}

export const BLOCKED_LOOKUP_CODE = 'ESOURCEBLOCKED'

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void

/** A `net.connect` lookup that refuses names resolving to a non-public address. */
export function guardedLookup(allowPrivateNetwork: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { family: options.family ?? 0, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, '')
      if (addresses.length === 0) return callback(lookupError(hostname, 'ENOTFOUND'), '')
      if (!allowPrivateNetwork && addresses.some((a) => isNonPublicAddress(a.address))) {
        return callback(lookupError(hostname, BLOCKED_LOOKUP_CODE), '')
      }
      if (options.all) return callback(null, addresses)
      const first = addresses[0]!
      callback(null, first.address, first.family)
    })
  }
}

const blocked = (() => {
  const list = new net.BlockList()
  const v4: Array<[string, number]> = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ]
  const v6: Array<[string, number]> = [
    ['::', 128],
    ['::1', 128],
    ['::', 96] /* IPv4-compatible */,
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ]
  for (const [a, p] of v4) list.addSubnet(a, p, 'ipv4')
  for (const [a, p] of v6) list.addSubnet(a, p, 'ipv6')
  return list
})()

// NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that decides where packets go.
function embeddedIpv4(address: string): string | undefined {
  const words = expandIpv6(address)
  if (!words) return undefined
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) {
    return wordsToIpv4(words[6]!, words[7]!)
  }
  if (words[0] === 0x2002) return wordsToIpv4(words[1]!, words[2]!)
  return undefined
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? ''
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number)
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const fill = tail === undefined ? 0 : 8 - left.length - right.length
  const words = [...left, ...Array<string>(Math.max(fill, 0)).fill('0'), ...right].map((w) => parseInt(w, 16))
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : undefined
}

function wordsToIpv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

function lookupError(hostname: string, code: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`${code}: ${hostname}`)
  err.code = code
  return err
}
