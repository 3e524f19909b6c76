/**
 * The `local` provider: deterministic, offline rules over compromise, chrono-node, franc and
 * sentiment. Same content and options give the same Analysis, byte for byte: no clock, no randomness,
 * dates resolved against a fixed or given reference date, every list in text order.
 */
import Sentiment from 'sentiment'
import type { AnalysedFrame, Analysis } from '../../../src/protocol/analysis'
import { analysisSchema } from '../../../src/protocol/analysis'
import type { AnalyseOptions, Analyser } from '../analyser'
import { ANALYSER_VERSION, hashContent } from '../analyser'
import { sourceHeadline } from '../headline'
import { LOCAL_MODEL } from '../config'
import { classify, scoreAnalytics } from './analytics'
import { extractEntities } from './entities'
import { extractFrames } from './frames'
import { round } from './util'
import { detectLanguage } from './language'
import { summarise, withoutDateline } from './summary'
import { parseSentence } from './syntax'
import { findDates, resolveReferenceDate } from './temporal'
import { segment } from './text'

export { LOCAL_MODEL }

export function createLocalAnalyser(): Analyser {
  return {
    provider: 'local',
    model: LOCAL_MODEL,
    analyse: async (content, options) => analyseLocal(content, options),
  }
}

export function analyseLocal(content: string, options: AnalyseOptions = {}): Analysis {
  const sentences = segment(content)
  const parsed = sentences.map(parseSentence)
  const entities = extractEntities(sentences, content)
  const referenceDate = resolveReferenceDate(content, options.referenceDate, options.ingestedOn)
  const dates = findDates(content, referenceDate)
  const sentenceWords = sentences.map((s) => s.tokens.filter((t) => t.text !== '').map((t) => t.lower))
  const words = sentenceWords.flat()
  const sentiment = sentences.map((s) => round(Math.tanh(sentimentAnalyser.analyze(s.text).score / 4)))
  const { title: ownTitle, summary, relevance } = summarise(sentences, parsed)
  // The source's own headline first; else the text's heading or its main sentence.
  const title = sourceHeadline(options.headline) ?? ownTitle
  const { sentenceTopics } = classify(words, sentenceWords, [])

  const drafts = extractFrames({ content, parsed, entities, dates, referenceDate, sentiment, relevance, topic: sentenceTopics })
  const frames: AnalysedFrame[] = drafts.map((f, i) => ({ ...f, actionIndex: i + 1, totalActions: drafts.length }))
  const classification = classify(words, sentenceWords, drafts)
  const docSentiment = sentiment.length === 0 ? 0 : round(sentiment.reduce((a, b) => a + b, 0) / sentiment.length)
  const analytics = scoreAnalytics(
    { words, sentenceWords, sentenceTexts: sentences.map(withoutDateline), sentenceStarts: sentences.map((s) => s.start), entities: entities.entities, frames: drafts, dates, referenceDate, sentiment: docSentiment },
    classification,
  )

  return analysisSchema.parse({
    title,
    summary,
    knowledgeArea: classification.topic,
    detectedDomain: classification.domain,
    language: detectLanguage(content),
    pestleCategory: classification.pestle,
    entities: entities.entities,
    analytics,
    frames,
    stamp: { provider: 'local', model: LOCAL_MODEL, analyserVersion: ANALYSER_VERSION, inputHash: hashContent(content) },
    // The analyser's own count: every word token it tokenised (punctuation aside).
    usage: { totalTokens: words.length },
  })
}

const sentimentAnalyser = new Sentiment()
