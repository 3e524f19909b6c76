/**
 * Three invented outlets reporting one invented event, served from 127.0.0.1 for the browser tests of stories
 * (issue 20): the Caldera Port Authority approving the sale of the Marrow Bay container terminal to Ostrava
 * Logistics. The Caldera Herald reports it, the Tidewater Post reports it in its own words, and the Coastline
 * Courier says the authority has NOT approved it. Each page states where it comes from as a real article does:
 * a canonical link on the outlet's own domain, og:site_name, article:published_time and an author, inside the
 * usual navigation and footer.
 *
 * The tests cannot reach the internet, so every page is served from one local server; what names an outlet is
 * the page's canonical address (the provenance's url, whose domain is the publisher the story engine counts,
 * `publisherOfUrl`) and its og:site_name (the publisher a card shows), exactly as for a page fetched from
 * its own host. The publication times are a few hours before the test runs, so the story's 72-hour window
 * holds the analyst's pastes made now.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface NewsPage {
  path: string
  site: string
  /** The registrable domain the story engine names the publisher by (the canonical address without "www."). */
  domain: string
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
      domain: 'calderaherald.example',
      canonical: 'https://www.calderaherald.example/business/2026/marrow-bay-terminal-sold',
      author: 'Mara Quint',
      headline: 'Port authority sells Marrow Bay terminal to Ostrava Logistics',
      publishedAt: hoursAgo(6),
      paragraphs: HERALD_PARAGRAPHS,
    },
    tidewater: {
      path: '/news/ostrava-wins-marrow-bay',
      site: 'Tidewater Post',
      domain: 'tidewaterpost.example',
      canonical: 'https://tidewaterpost.example/news/ostrava-wins-marrow-bay',
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
      domain: 'news.coastlinecourier.example',
      canonical: 'https://news.coastlinecourier.example/ports/marrow-bay-sale-not-approved',
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

/** Serves the pages on 127.0.0.1 (any other path is a 404); `urlOf` is where the test asks for a page. */
export async function startNewsSite(pages: readonly NewsPage[]): Promise<{ urlOf(p: NewsPage): string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const page = pages.find((p) => p.path === req.url)
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
    res.end(page ? articleHtml(page) : 'not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    urlOf: (p) => `${base}${p.path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
