/**
 * Three invented outlets reporting one invented event, served from 127.0.0.1 for the browser tests of stories
 * (issue 20): the Caldera Port Authority approving the sale of the Marrow Bay container terminal to Ostrava
 * Logistics. The Caldera Herald reports it, the Tidewater Post reports it in its own words, and the Coastline
 * Courier says the authority has NOT approved it. Each page states where it comes from as a real article does:
 * a canonical link on the outlet's own domain, og:site_name, article:published_time and an author, inside the
 * usual navigation and footer.
 *
 * The tests cannot reach the internet, so each outlet is served from its own loopback address (127.0.0.1, .2,
 * .3: three hosts, as three outlets are), and its canonical address is on that host, without the tracking
 * query the analyst's link carries: a canonical address counts only on the site the page was read from
 * (server/modules/pipeline/provenance.ts), and its host is the publisher the story engine counts
 * (`publisherOfUrl`); og:site_name is the publisher a card shows. The publication times are a few hours
 * before the test runs, so the story's 72-hour window holds the analyst's pastes made now.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface NewsPage {
  path: string
  site: string
  /** The page's own address without its tracking query; set when the site starts (its host and port are the server's). */
  canonical: string
  author: string
  headline: string
  publishedAt: string
  paragraphs: string[]
}

const HOUR = 3_600_000

/** The Herald's article as its page shows it; an analyst pastes this text too. */
export const HERALD_PARAGRAPHS = [
  'The Caldera Port Authority approved the sale of the Marrow Bay container terminal to Ostrava Logistics, ending a year of talks over the future of the harbour. The authority said the buyer would pay 410 million euros and must keep the terminal open to every shipping line for ten years.',
  'Ostrava Logistics promised to hire 300 dock workers and to dredge the eastern channel by 2028. The Marrow Bay Dockers Union criticised the authority, saying the sale puts public land in private hands.',
  'Shares of Ostrava Logistics rose in early trading after the announcement.',
]

/** The Herald's article as an analyst copies it from the page: its paragraphs, one blank line apart. */
export const HERALD_TEXT = HERALD_PARAGRAPHS.join('\n\n')

/** The three pages, published 6, 4 and 2 hours before `now` (whole seconds, as a CMS writes them). */
export function newsPages(now: number): { herald: NewsPage; tidewater: NewsPage; courier: NewsPage } {
  const hoursAgo = (h: number) => new Date(Math.floor((now - h * HOUR) / 1000) * 1000).toISOString().replace('.000Z', 'Z')
  return {
    herald: {
      path: '/business/2026/marrow-bay-terminal-sold',
      site: 'The Caldera Herald',
      canonical: '',
      author: 'Mara Quint',
      headline: 'Port authority sells Marrow Bay terminal to Ostrava Logistics',
      publishedAt: hoursAgo(6),
      paragraphs: HERALD_PARAGRAPHS,
    },
    tidewater: {
      path: '/news/ostrava-wins-marrow-bay',
      site: 'Tidewater Post',
      canonical: '',
      author: 'Jonas Feld',
      headline: 'Ostrava Logistics wins Marrow Bay terminal',
      publishedAt: hoursAgo(4),
      paragraphs: [
        'The Caldera Port Authority approved the sale of its Marrow Bay terminal to Ostrava Logistics after a closed meeting of its board, chair Elena Voss told reporters. Ostrava Logistics will pay 410 million euros for the terminal and take over its 14 quay cranes.',
        'The new owner plans to double the number of ships calling at Marrow Bay. Freight forwarders in Caldera welcomed the decision.',
      ],
    },
    courier: {
      path: '/ports/marrow-bay-sale-not-approved',
      site: 'Coastline Courier',
      canonical: '',
      author: 'Ines Varga',
      headline: 'Marrow Bay sale not approved, board members say',
      publishedAt: hoursAgo(2),
      paragraphs: [
        'The Caldera Port Authority has not approved the sale of the Marrow Bay container terminal to Ostrava Logistics, two board members told the Courier, contradicting reports that the deal had been cleared. The board members said the file was still with the competition office.',
        "Ostrava Logistics has pledged to hire dock workers whatever the outcome. The dockers' union attacked the authority over the secrecy of the talks.",
      ],
    },
  }
}

/** The page as the outlet's CMS would serve it. */
export function articleHtml(p: NewsPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${p.headline} | ${p.site}</title>
<link rel="canonical" href="${p.canonical}">
<meta property="og:site_name" content="${p.site}">
<meta property="og:type" content="article">
<meta property="og:title" content="${p.headline}">
<meta property="og:url" content="${p.canonical}">
<meta property="article:published_time" content="${p.publishedAt}">
<meta name="author" content="${p.author}">
</head>
<body>
<header><a href="/">${p.site}</a><nav><a href="/news">News</a> <a href="/business">Business</a> <a href="/ports">Ports</a></nav></header>
<main><article>
<h1>${p.headline}</h1>
<p class="byline">By ${p.author}</p>
${p.paragraphs.map((text) => `<p>${text}</p>`).join('\n')}
</article></main>
<footer>© 2026 ${p.site}. All rights reserved.</footer>
</body>
</html>`
}

/**
 * Serves each page from its own loopback address, 127.0.0.1 for the first, .2 and .3 for the next (any other
 * path is a 404), and sets its canonical address there; `urlOf` is the link the analyst pastes (with a
 * tracking query the canonical address leaves out).
 */
export async function startNewsSite(pages: NewsPage[]): Promise<{ urlOf(p: NewsPage): string; close(): Promise<void> }> {
  const servers: Server[] = []
  for (const [i, page] of pages.entries()) {
    const server = createServer((req, res) => {
      const found = new URL(req.url ?? '/', 'http://x').pathname === page.path
      res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(found ? articleHtml(page) : 'not found')
    })
    const host = `127.0.0.${i + 1}`
    await new Promise<void>((resolve) => server.listen(0, host, resolve))
    page.canonical = `http://${host}:${(server.address() as AddressInfo).port}${page.path}`
    servers.push(server)
  }
  return {
    urlOf: (p) => `${p.canonical}?utm_source=newsletter`,
    close: async () => {
      for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
