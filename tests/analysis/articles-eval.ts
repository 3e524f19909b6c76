/**
 * Scores an analyser against the hand-labelled news articles of `articles.ts`: does the card's title
 * read as a headline, does the analysis find the article's main event (who did what to whom), its CAMEO
 * root, its date and the article's PESTLE category.
 *
 * Each article is analysed twice:
 * - run 1, the headline as the first line and then the body, as a pasted article usually comes: the
 *   title should be that headline;
 * - run 2, the body alone: everything else is read from this run, so that the headline cannot help. The
 *   title should then name the main event (an agent and the act) without being a sentence cut short.
 *
 * The main event of an analysis is one frame (`mainFrameOf`): the most relevant by `metadata.relevance`,
 * the earliest on ties, passing over frames without an agent when any frame has one. It matches the gold
 * when one of its 'agent' actors names a gold agent, its predicate is one of the gold actions (by lemma,
 * or its text an inflection of one), and, when the gold has patients, one of its other actors or its
 * resources names a gold patient. Names match as in the shared corpus (`matches`: whole words either
 * way, case and possessives ignored). A frame without a predicate never matches.
 */
import type { AnalysedFrame, Analysis } from '../../src/protocol/analysis'
import type { GoldArticle } from './articles'
import { matches } from './events-corpus'

export interface ArticleScores {
  articles: number
  /** Run 1 (headline, blank line, body): the share whose title equals the headline (trimmed, case-sensitive). */
  titleIsHeadline: number
  /**
   * Run 2 (body only): the share whose title names a main-event agent and one of its actions (any
   * inflection), is at most 120 characters, does not end in an ellipsis and is not a body sentence cut short.
   */
  titleNamesMainEvent: number
  /** Run 2: the share whose title is not a truncated sentence (the headline, a whole sentence, or text not cut from one). */
  titleWholeSentenceOrHeadline: number
  /** Run 2: the share whose main frame matches the main event. */
  mainEvent: number
  /** Run 2: the share where one of the first three frames by rank matches the main event. */
  mainEventAnywhere: number
  /** Run 2, over articles whose main event has a CAMEO root: the share whose main frame carries that root. */
  category: number
  /** Run 2: the share whose main frame's time reference is the gold date (none counts wrong). */
  date: number
  /** Run 2: the share whose PESTLE category is the gold one. */
  pestle: number
  misses: Array<{ id: string; missed: string[] }>
}

export function scoreArticles(set: GoldArticle[], analyse: (text: string, published: string) => Analysis): ArticleScores {
  let titleIsHeadline = 0
  let titleNames = 0
  let titleWhole = 0
  let main = 0
  let anywhere = 0
  let categorised = 0
  let categoryRight = 0
  let dateRight = 0
  let pestleRight = 0
  const misses: ArticleScores['misses'] = []
  for (const article of set) {
    const missed: string[] = []
    const withHeadline = analyse(`${article.headline}\n\n${article.body}`, article.published)
    const bodyOnly = analyse(article.body, article.published)
    const gold = article.mainEvent

    if (withHeadline.title.trim() === article.headline.trim()) titleIsHeadline++
    else missed.push(`title with headline: "${withHeadline.title}"`)

    const title = bodyOnly.title.trim()
    if (namesMainEvent(title, article)) titleNames++
    else missed.push(`title without headline does not name the main event: "${title}"`)
    if (!endsInEllipsis(title) && (title === article.headline.trim() || !cutShort(title, article.body))) titleWhole++
    else missed.push(`title without headline is a sentence cut short: "${title}"`)

    const frame = mainFrameOf(bodyOnly)
    if (frame && isMainEvent(frame, gold)) main++
    else missed.push(`main event: got ${frame ? describe(frame) : 'no frame'}`)
    if (
      rankFrames(bodyOnly)
        .slice(0, 3)
        .some((f) => isMainEvent(f, gold))
    )
      anywhere++

    if (gold.category !== null) {
      categorised++
      const got = frame?.cameo?.code
      if (got === gold.category) categoryRight++
      else missed.push(`category: want ${gold.category}, got ${got ?? '-'}`)
    }
    const date = frame?.timeReference?.date
    if (date === gold.date) dateRight++
    else missed.push(`date: want ${gold.date}, got ${date ?? '-'}${frame?.timeReference ? ` ('${frame.timeReference.text}')` : ''}`)
    if (bodyOnly.pestleCategory === article.pestle) pestleRight++
    else missed.push(`pestle: want ${article.pestle}, got ${bodyOnly.pestleCategory}`)

    if (missed.length > 0) misses.push({ id: article.id, missed })
  }
  const share = (n: number, of: number) => (of === 0 ? 0 : n / of)
  return {
    articles: set.length,
    titleIsHeadline: share(titleIsHeadline, set.length),
    titleNamesMainEvent: share(titleNames, set.length),
    titleWholeSentenceOrHeadline: share(titleWhole, set.length),
    mainEvent: share(main, set.length),
    mainEventAnywhere: share(anywhere, set.length),
    category: share(categoryRight, categorised),
    date: share(dateRight, set.length),
    pestle: share(pestleRight, set.length),
    misses,
  }
}

export function formatArticleScores(s: ArticleScores): string {
  const f = (v: number) => v.toFixed(3)
  return [
    `news articles: ${s.articles}`,
    `  title is the headline            ${f(s.titleIsHeadline)}  (headline given as the first line)`,
    `  title names the main event       ${f(s.titleNamesMainEvent)}  (body only, from here on)`,
    `  title not a sentence cut short   ${f(s.titleWholeSentenceOrHeadline)}`,
    `  main event (main frame)          ${f(s.mainEvent)}`,
    `  main event (first 3 frames)      ${f(s.mainEventAnywhere)}`,
    `  main event category              ${f(s.category)}`,
    `  main event date                  ${f(s.date)}`,
    `  PESTLE category                  ${f(s.pestle)}`,
  ].join('\n')
}

/**
 * The analysis's main event: the frame with the highest relevance, the earliest on ties; frames without
 * an agent are passed over when any frame has one.
 */
export function mainFrameOf(a: Analysis): AnalysedFrame | undefined {
  return rankFrames(a)[0]
}

/** The frames in the order `mainFrameOf` prefers them: with an agent first, then by relevance, then by position. */
export function rankFrames(a: Analysis): AnalysedFrame[] {
  return [...a.frames].sort((x, y) => Number(hasAgent(y)) - Number(hasAgent(x)) || y.metadata.relevance - x.metadata.relevance || x.actionIndex - y.actionIndex)
}

/** Whether a frame is the gold main event: a gold agent acting, a gold action, a gold patient (when there is one). */
export function isMainEvent(f: AnalysedFrame, gold: GoldArticle['mainEvent']): boolean {
  const agentOk = f.actors.entries.some((a) => a.role === 'agent' && gold.agents.some((names) => matches(a.text, names)))
  const actionOk = f.predicate !== undefined && (gold.actions.includes(f.predicate.lemma.toLowerCase()) || wordsOf(f.predicate.text).some((w) => isActionWord(w, gold.actions)))
  const patientOk = gold.patients.length === 0 || others(f).some((t) => gold.patients.some((names) => matches(t, names)))
  return agentOk && actionOk && patientOk
}

/** Whether `word` is `lemma` or one of its inflections (sign: signs, signed, signing; seize: seized, seizing; strike: struck). */
export function isInflectionOf(word: string, lemma: string): boolean {
  const w = word.toLowerCase()
  const l = lemma.toLowerCase()
  if (w === l || IRREGULAR[l]?.includes(w)) return true
  const forms = [`${l}s`, `${l}es`, `${l}ed`, `${l}d`, `${l}ing`]
  if (l.endsWith('e')) forms.push(`${l.slice(0, -1)}ing`)
  if (/[^aeiou]y$/.test(l)) forms.push(`${l.slice(0, -1)}ied`, `${l.slice(0, -1)}ies`)
  // A final consonant after a single short vowel doubles: stop → stopped, ban → banning.
  if (/(^|[^aeiou])[aeiou][bdgklmnprtvz]$/.test(l)) forms.push(`${l}${l.slice(-1)}ed`, `${l}${l.slice(-1)}ing`)
  return forms.includes(w)
}

/**
 * Whether the title is a body sentence cut short: a proper beginning of one (or of one after its
 * dateline, "LAGOS, June 3 —") that stops before the sentence does. A whole sentence without its full
 * stop is not cut short, nor is a title that no sentence begins with.
 */
const CLAUSE_GOES_ON =
  /^(?:\s*[,;:(]|\s+(?:when|after|before|as|because|while|where|which|who|whose|amid|despite|since|until|that would|that will)\b|\s+(?:(?:late |early )?on (?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today|on (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w* \d{1,2})\s*(?:[,;.]|$|\s(?:that would|that will|which|who|when|after|before|as|because|while|where|amid|despite|since|until)\b))/i

export function cutShort(title: string, body: string): boolean {
  const t = normalise(title.replace(/(…|\.\.\.)$/, ''))
  if (t === '') return false
  return sentencesOf(body).some((s) => {
    const starts = [s]
    const dateline = /^.{0,70}?\s[—–-]{1,2}\s+/u.exec(s)
    if (dateline) starts.push(s.slice(dateline[0].length))
    return starts.some((start) => {
      const st = normalise(start)
      const rest = st.slice(t.length)
      // A main clause that stops where the sentence goes on with another (", where …", " when …", or its
      // day and then a comma: " on Tuesday, its first …") is a headline made from it, not a sentence cut short.
      return st.startsWith(t) && rest.replace(/[\s.!?"”’)]+$/u, '') !== '' && !CLAUSE_GOES_ON.test(rest)
    })
  })
}

const IRREGULAR: Record<string, string[]> = {
  say: ['said'],
  meet: ['met'],
  take: ['took', 'taken'],
  win: ['won'],
  lose: ['lost'],
  hold: ['held'],
  strike: ['struck'],
  shoot: ['shot'],
  fight: ['fought'],
  sell: ['sold'],
  buy: ['bought'],
  bring: ['brought'],
  send: ['sent'],
  give: ['gave', 'given'],
  leave: ['left'],
  lead: ['led'],
  begin: ['began', 'begun'],
  break: ['broke', 'broken'],
  rise: ['rose', 'risen'],
  fall: ['fell', 'fallen'],
  grow: ['grew', 'grown'],
  speak: ['spoke', 'spoken'],
  steal: ['stole', 'stolen'],
  drive: ['drove', 'driven'],
  write: ['wrote', 'written'],
  run: ['ran'],
  hit: ['hit'],
  cut: ['cut'],
  set: ['set'],
  put: ['put'],
  quit: ['quit'],
  spend: ['spent'],
  build: ['built'],
  withdraw: ['withdrew', 'withdrawn'],
  overthrow: ['overthrew', 'overthrown'],
  shut: ['shut'],
  find: ['found'],
  make: ['made'],
  pay: ['paid'],
  keep: ['kept'],
  freeze: ['froze', 'frozen'],
}

function namesMainEvent(title: string, article: GoldArticle): boolean {
  if (title.length > 120 || endsInEllipsis(title) || cutShort(title, article.body)) return false
  const { agents, actions } = article.mainEvent
  return agents.some((names) => matches(title, names)) && wordsOf(title).some((w) => isActionWord(w, actions))
}

const endsInEllipsis = (title: string) => /(…|\.\.\.)$/.test(title.trim())

const isActionWord = (word: string, lemmas: string[]) => lemmas.some((l) => isInflectionOf(word, l))

const hasAgent = (f: AnalysedFrame) => f.actors.entries.some((a) => a.role === 'agent')

function others(f: AnalysedFrame): string[] {
  return [...f.actors.entries.filter((a) => a.role !== 'agent').map((a) => a.text), ...f.resources.entries.map((r) => r.text)]
}

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((w) => w !== '')

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()

/** The body's sentences, line by line (a byline or caption is a line of its own). */
function sentencesOf(body: string): string[] {
  return body
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?…]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u))
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

function describe(f: AnalysedFrame): string {
  const agents = f.actors.entries.filter((a) => a.role === 'agent').map((a) => a.text)
  return `${agents.join(' & ') || '(no agent)'} —${f.predicate?.lemma ?? f.actionType}→ ${others(f).join(' & ') || '-'}`
}
