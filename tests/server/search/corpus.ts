/**
 * The articles the search tests ingest (real-style wire copy), with the facts each carries: its publisher's
 * address and publication time (its provenance), its workspace or project, and what it is about.
 */
export interface Article {
  key: string
  title: string
  text: string
  url: string
  publisher: string
  publishedAt: string
}

export const ARTICLES: Article[] = [
  {
    key: 'odesa',
    title: 'Ukraine halts grain exports through Odesa port',
    text: 'Ukraine suspended grain exports through the port of Odesa on Monday after a missile strike damaged the main terminal. The agriculture ministry said shipments would resume once repairs were complete. Wheat prices rose in Chicago.',
    url: 'https://www.reuters.com/markets/ukraine-halts-grain-exports-odesa-2026-03-02/',
    publisher: 'Reuters',
    publishedAt: '2026-03-02T08:00:00Z',
  },
  {
    key: 'odesa-ap',
    title: 'Missile strike shuts Odesa grain terminal',
    text: 'KYIV (AP) — Ukraine suspended grain exports through the port of Odesa on Monday after a missile strike damaged the main terminal. The agriculture ministry said shipments would resume once repairs were complete. Repairs could take a week, officials said.',
    url: 'https://apnews.com/article/ukraine-odesa-grain-terminal-strike',
    publisher: 'Associated Press',
    publishedAt: '2026-03-02T11:00:00Z',
  },
  {
    key: 'wheat',
    title: 'Wheat prices climb as traders weigh supply risks',
    text: 'Futures rose for a third day in Chicago. The suspension of grain exports from Odesa pushed prices higher, analysts said. Egypt, a major importer, could face shortages if the halt lasts.',
    url: 'https://www.bbc.co.uk/news/business-wheat-prices-2026-03-05',
    publisher: 'BBC News',
    publishedAt: '2026-03-05T10:30:00Z',
  },
  {
    key: 'rotterdam',
    title: 'Dock workers strike at Rotterdam port',
    text: 'Dock workers at the port of Rotterdam went on strike on Tuesday demanding higher wages. The union said the walkout would last 48 hours. Container ships queued outside the harbour.',
    url: 'https://www.aljazeera.com/economy/2026/4/10/dock-workers-strike-rotterdam',
    publisher: 'Al Jazeera',
    publishedAt: '2026-04-10T12:00:00Z',
  },
  {
    key: 'rice',
    title: 'New Delhi tightens food policy',
    text: 'India announced an export ban on rice to protect domestic supplies. Officials said the measure was temporary.',
    url: 'https://www.thehindu.com/business/india-rice-export-ban/',
    publisher: 'The Hindu',
    publishedAt: '2026-04-12T06:00:00Z',
  },
  {
    key: 'tariff',
    title: 'Indonesia lifts palm oil restrictions',
    text: 'The ban on imports of fertiliser was lifted on Friday. Palm oil export volumes rose by a fifth in May, the trade ministry said.',
    url: 'https://www.straitstimes.com/asia/indonesia-palm-oil',
    publisher: 'The Straits Times',
    publishedAt: '2026-05-20T06:00:00Z',
  },
]
