/**
 * The source's own headline, as every analyser titles a document with it (issue 18: "the source's own
 * headline first"). A source may know one: a web page's article title (or its <title>), a feed item's
 * title, a document's title property, a Markdown file's first heading. What it knows is not always a
 * headline: a page title carries the site's name ("… | The Sentinel"), a Word file's title property is
 * often the template's ("Microsoft Word - draft2.docx", "Document1", "PowerPoint Presentation"), a feed
 * may title an item with its link. `sourceHeadline` keeps what reads as a headline, cleaned, and gives
 * undefined for the rest: the analyser then titles the document from its text.
 */

/** Longest title an analysis may carry (the schema's 200, less one for safety with cut ellipses). */
const MAX_CHARS = 199

/** Titles that name a file, a template or nothing. */
const NOT_A_HEADLINE = [
  /^(?:untitled|new document|document\s*\d*|doc\d+|presentation\d*|powerpoint presentation|slide\s*\d+|home|index|page \d+|title|no title|draft)$/i,
  /^microsoft (?:word|excel|powerpoint)\b/i,
  /\.(?:docx?|pdf|txt|md|rtf|odt|html?|pptx?|xlsx?)$/i,
  /^(?:https?:\/\/|www\.)\S+$/i,
  /^[\w.-]+@[\w.-]+$/,
]

/** " | The Sentinel", " - BBC News", " — Le Monde": a short site name after the last separator. */
const SITE_SUFFIX = /\s+[|–—-]\s+([^|–—]{2,40})$/u

export function sourceHeadline(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined
  let title = raw.replace(/\s+/g, ' ').trim()
  const site = SITE_SUFFIX.exec(title)
  // The suffix goes when it is a name (a few capitalised words) and what stays is a headline on its own.
  if (site && isSiteName(site[1]!) && words(title.slice(0, site.index)) >= 3) title = title.slice(0, site.index).trim()
  title = title.replace(/[.\s]+$/, '')
  if (title === '' || NOT_A_HEADLINE.some((r) => r.test(title))) return undefined
  // One word ("Budget", "Sport") is a section's name, not what happened.
  if (words(title) < 2) return undefined
  return Array.from(title).length > MAX_CHARS ? undefined : title
}

function isSiteName(s: string): boolean {
  const ws = s.trim().split(' ')
  return ws.length <= 5 && ws.every((w) => /^(?:\p{Lu}|\d|&|the\b|of\b|de\b|la\b|le\b)/u.test(w) || /\.\p{L}{2,}$/u.test(w))
}

const words = (s: string) => s.split(' ').filter((w) => /\p{L}/u.test(w)).length
