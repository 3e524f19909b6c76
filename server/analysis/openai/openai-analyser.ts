/**
 * The `openai` provider: any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure OpenAI's v1
 * API, Ollama, vLLM, llama.cpp server) with structured output. Each chunk of the content is one call;
 * an answer that is not valid JSON for the schema is sent back once with the validation errors, and a
 * second failure is an AI_INVALID_OUTPUT error carrying the model's text. Timeouts and 429 answers
 * become AI_TIMEOUT and AI_RATE_LIMIT. Offsets are never taken from the model: each quoted sentence
 * and entity name is found in the content here, so provenance is exact whatever the model says.
 */
import { cameoOf } from '../local/cameo'
import OpenAI from 'openai'
import type { z } from 'zod'
import type { AnalysedFrame, Analysis, Entity, EntityMention, SourceSpan } from '../../../src/protocol/analysis'
import { analysisSchema } from '../../../src/protocol/analysis'
import type { AnalyseOptions, Analyser } from '../analyser'
import { ANALYSER_VERSION, hashContent } from '../analyser'
import { sourceHeadline } from '../headline'
import type { OpenAIAnalysisConfig } from '../config'
import { AnalysisError, AnalysisErrorCode } from '../errors'
import { lemmaOf } from '../local/syntax'
import type { Sentence } from '../local/text'
import { cut } from '../local/util'
import { segment } from '../local/text'
import type { Chunk } from '../chunk'
import { chunkContent } from '../chunk'
import { mergeAnalytics, vote } from '../merge'
import type { ModelFrame, ModelOutput } from './model-output'
import { SYSTEM_PROMPT, modelOutputJsonSchema, modelOutputSchema, userPrompt } from './model-output'
import { mergeModelEntities, normaliseModelFrames } from './normalise'

export interface OpenAIAnalyserDeps {
  /** A fetch for the HTTP client (tests may pass one; the default is the global fetch). */
  fetch?: typeof fetch
}

export function createOpenAIAnalyser(config: OpenAIAnalysisConfig, deps: OpenAIAnalyserDeps = {}): Analyser {
  const client = new OpenAI({
    // Local servers (Ollama, vLLM, llama.cpp) take any key; the SDK insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  })
  return {
    provider: 'openai',
    model: config.model,
    analyse: (content, options = {}) => analyseWithModel(client, config, content, options),
  }
}

// ---------------------------------------------------------------------------------------------

async function analyseWithModel(client: OpenAI, config: OpenAIAnalysisConfig, content: string, options: AnalyseOptions): Promise<Analysis> {
  const chunks = chunkContent(content, config.maxChunkChars)
  const outputs: { chunk: Chunk; output: ModelOutput }[] = []
  // Every call's `usage`, retries included: tokens spent on an answer that failed validation are spent too.
  const usage: Usage = { totalTokens: 0 }
  // One chunk at a time: keeps request order (and so the merged result) stable, and is gentle on rate limits.
  for (const [index, chunk] of chunks.entries()) {
    const output = await askModel(client, config, userPrompt(chunk.text, options.referenceDate ?? options.ingestedOn, { index, count: chunks.length }), options.signal, usage)
    outputs.push({ chunk, output })
  }
  if (outputs.length === 0) {
    const output = await askModel(client, config, userPrompt(content, options.referenceDate ?? options.ingestedOn, { index: 0, count: 1 }), options.signal, usage)
    outputs.push({ chunk: { start: 0, end: content.length, text: content }, output })
  }
  return { ...merge(content, outputs, config.model, sourceHeadline(options.headline)), usage }
}

type Usage = { totalTokens: number }

async function askModel(client: OpenAI, config: OpenAIAnalysisConfig, prompt: string, signal: AbortSignal | undefined, usage: Usage): Promise<ModelOutput> {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: prompt },
  ]
  let lastText = ''
  let lastIssues: string[] = []
  for (let attempt = 0; attempt < 2; attempt++) {
    const text = await complete(client, config, messages, signal, usage)
    const checked = checkAnswer(text)
    if (checked.ok) return checked.value
    lastText = text
    lastIssues = checked.issues
    // Show the model what was wrong and ask once more.
    messages.push(
      { role: 'assistant', content: text },
      {
        role: 'user',
        content: `That answer does not match the required JSON schema:\n${checked.issues.slice(0, 20).join('\n')}\nAnswer again with only the corrected JSON.`,
      },
    )
  }
  throw new AnalysisError(AnalysisErrorCode.InvalidOutput, `The model's answer failed validation twice: ${lastIssues.slice(0, 3).join('; ')}`, {
    modelText: lastText,
    issues: lastIssues,
  })
}

async function complete(client: OpenAI, config: OpenAIAnalysisConfig, messages: OpenAI.Chat.ChatCompletionMessageParam[], signal: AbortSignal | undefined, usage: Usage): Promise<string> {
  try {
    const response = await client.chat.completions.create(
      {
        model: config.model,
        messages,
        temperature: config.temperature,
        response_format: { type: 'json_schema', json_schema: { name: 'sightline_analysis', strict: true, schema: modelOutputJsonSchema } },
      },
      signal ? { signal } : undefined,
    )
    // Servers that report no usage (some local ones) count as 0 rather than a guess.
    usage.totalTokens += response.usage?.total_tokens ?? (response.usage ? (response.usage.prompt_tokens ?? 0) + (response.usage.completion_tokens ?? 0) : 0)
    const choice = response.choices[0]
    if (choice?.message.refusal) {
      throw new AnalysisError(AnalysisErrorCode.ProviderError, `The model refused: ${choice.message.refusal}`, { modelText: choice.message.refusal })
    }
    return choice?.message.content ?? ''
  } catch (e) {
    throw mapError(e)
  }
}

function mapError(e: unknown): unknown {
  if (e instanceof AnalysisError) return e
  if (e instanceof OpenAI.APIConnectionTimeoutError) return new AnalysisError(AnalysisErrorCode.Timeout, 'The analysis model did not answer in time', { cause: e })
  if (e instanceof OpenAI.RateLimitError) return new AnalysisError(AnalysisErrorCode.RateLimit, 'The analysis model is rate limited', { cause: e, providerStatus: 429 })
  if (e instanceof OpenAI.APIUserAbortError) return e
  if (e instanceof OpenAI.APIError) {
    const status = typeof e.status === 'number' ? e.status : undefined
    if (status === 408 || status === 504) return new AnalysisError(AnalysisErrorCode.Timeout, 'The analysis model did not answer in time', { cause: e, providerStatus: status })
    return new AnalysisError(AnalysisErrorCode.ProviderError, `The analysis model failed: ${e.message}`, { cause: e, ...(status ? { providerStatus: status } : {}) })
  }
  return new AnalysisError(AnalysisErrorCode.ProviderError, `The analysis model failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e })
}

type Checked = { ok: true; value: ModelOutput } | { ok: false; issues: string[] }

/** Parses and validates the model's text; some servers wrap JSON in a code fence. */
function checkAnswer(text: string): Checked {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  let json: unknown
  try {
    json = JSON.parse(trimmed)
  } catch (e) {
    return { ok: false, issues: [`not valid JSON: ${e instanceof Error ? e.message : String(e)}`] }
  }
  const parsed = modelOutputSchema.safeParse(json)
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, issues: formatIssues(parsed.error) }
}

function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
}

// ---------------------------------------------------------------------------------------------
// Merging chunk answers and locating what they quote

function merge(content: string, outputs: { chunk: Chunk; output: ModelOutput }[], model: string, headline: string | undefined): Analysis {
  const sentences = segment(content)
  const first = outputs[0]!.output
  const weights = outputs.map((o) => Math.max(1, o.chunk.text.length))

  const located: Omit<AnalysedFrame, 'actionIndex' | 'totalActions'>[] = []
  for (const { chunk, output } of outputs) {
    for (const f of output.frames) {
      const frame = locateFrame(content, chunk, sentences, f)
      if (frame) located.push(frame)
    }
  }
  // The local analyser's normalisation (normalise.ts): clean names, one entity per party, actors under
  // its name, one frame per event.
  const rawEntities = mergeModelEntities(outputs.flatMap((o) => o.output.entities))
  const frames = normaliseModelFrames(located, rawEntities)

  const analytics = mergeAnalytics(
    outputs.map((o) => o.output.analytics),
    weights,
  )

  return analysisSchema.parse({
    // The source's own headline first, as the local analyser does.
    title: headline ?? (cut(first.title.replace(/\s+/g, ' ').trim(), 199) || 'Untitled Document'),
    summary: first.summary,
    knowledgeArea: vote(outputs.map((o, i) => [o.output.knowledgeArea, weights[i]!])),
    detectedDomain: vote(outputs.map((o, i) => [o.output.detectedDomain, weights[i]!])),
    language: normaliseLanguage(first.language),
    pestleCategory: vote(outputs.map((o, i) => [o.output.pestleCategory, weights[i]!])),
    entities: mentionsOf(content, sentences, rawEntities),
    analytics,
    frames: frames.map((f, i) => ({ ...f, actionIndex: i + 1, totalActions: frames.length })),
    stamp: { provider: 'openai', model, analyserVersion: ANALYSER_VERSION, inputHash: hashContent(content) },
  })
}

function locateFrame(content: string, chunk: Chunk, sentences: Sentence[], f: ModelFrame): Omit<AnalysedFrame, 'actionIndex' | 'totalActions'> | undefined {
  const sentence = findSentence(content, chunk, sentences, f.sourceSentence)
  if (!sentence) return undefined
  const source: SourceSpan = { start: sentence.start, end: sentence.end, sentence: sentence.text }
  const verb = sentence.tokens.find((t) => t.text !== '' && t.tags.has('Verb') && lemmaOf(t) === f.verb.toLowerCase())
  const frame: Omit<AnalysedFrame, 'actionIndex' | 'totalActions'> = {
    actionType: f.actionType,
    actionDescription: f.actionDescription,
    summary: f.result.outcome,
    temporality: f.temporality,
    actors: { entries: f.actors.map((a) => ({ ...a, ...spanOf(content, sentence, a.text) })) },
    resources: { entries: f.resources.map((r) => ({ ...r, ...spanOf(content, sentence, r.text) })) },
    result: { ...f.result, impacts: f.result.impacts.slice(0, 3) },
    metadata: { ...f.metadata, tags: [...new Set(f.metadata.tags)].slice(0, 6) },
    confidence: f.confidence,
    urgency: f.urgency,
    source,
  }
  if (verb) frame.predicate = { text: verb.text, lemma: f.verb.toLowerCase(), start: verb.start, end: verb.end }
  if (f.negated) frame.negated = true
  // The same taxonomy as the local analyser's, from the model's verb and what its frame acts on.
  const kind = cameoOf({
    lemma: f.verb.toLowerCase(),
    object: f.resources
      .map((r) => r.text)
      .concat(f.actors.filter((a) => a.role !== 'agent').map((a) => a.text))
      .join(' ')
      .toLowerCase(),
    sentence: sentence.text.toLowerCase(),
  })
  if (kind) frame.cameo = kind.category
  return frame
}

/** The content sentence the model quoted: exact, then ignoring spacing and quote styles, then by word overlap. */
function findSentence(_content: string, chunk: Chunk, sentences: Sentence[], quote: string): Sentence | undefined {
  const inChunk = sentences.filter((s) => s.end > chunk.start && s.start < chunk.end)
  const exact = chunk.text.indexOf(quote.trim())
  if (exact >= 0 && quote.trim() !== '') {
    const at = chunk.start + exact
    return inChunk.find((s) => at >= s.start && at < s.end) ?? sentences.find((s) => at >= s.start && at < s.end)
  }
  const norm = normaliseForMatch(quote)
  if (norm !== '') {
    const hit = inChunk.find((s) => normaliseForMatch(s.text).includes(norm) || norm.includes(normaliseForMatch(s.text)))
    if (hit) return hit
  }
  const words = new Set(norm.split(' ').filter((w) => w.length > 2))
  let best: Sentence | undefined
  let bestScore = 0
  for (const s of inChunk) {
    const sw = new Set(
      normaliseForMatch(s.text)
        .split(' ')
        .filter((w) => w.length > 2),
    )
    let shared = 0
    for (const w of words) if (sw.has(w)) shared++
    const score = shared / Math.max(1, Math.min(words.size, sw.size))
    if (score > bestScore) {
      bestScore = score
      best = s
    }
  }
  return bestScore >= 0.5 ? best : undefined
}

function normaliseForMatch(s: string): string {
  return s
    .toLowerCase()
    .replace(/[“”"]/g, '"')
    .replace(/[‘’']/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function spanOf(_content: string, sentence: Sentence, text: string): { span?: { start: number; end: number } } {
  const at = sentence.text.indexOf(text)
  if (at < 0 || text === '') return {}
  return { span: { start: sentence.start + at, end: sentence.start + at + text.length } }
}

function mentionsOf(content: string, sentences: Sentence[], entities: ReturnType<typeof mergeModelEntities>): Entity[] {
  return entities.map((e) => ({ text: e.text, kind: e.kind, aliases: e.aliases, mentions: findMentions(content, sentences, [e.text, ...e.aliases]) }))
}

/** Every whole-word occurrence of any of the names, each placed in its sentence. */
function findMentions(content: string, sentences: Sentence[], names: string[]): EntityMention[] {
  const found: EntityMention[] = []
  const taken: [number, number][] = []
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (name.length < 2) continue
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'gu')
    for (const m of content.matchAll(re)) {
      const start = m.index ?? 0
      const end = start + name.length
      if (taken.some(([a, b]) => start < b && end > a)) continue
      const sentence = sentences.find((s) => start >= s.start && end <= s.end)
      if (!sentence) continue
      taken.push([start, end])
      found.push({ text: content.slice(start, end), start, end, source: { start: sentence.start, end: sentence.end, sentence: sentence.text } })
    }
  }
  return found.sort((a, b) => a.start - b.start)
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function normaliseLanguage(code: string): string {
  const c = code.trim().toLowerCase().slice(0, 3)
  return /^[a-z]{2,3}$/.test(c) ? c : 'und'
}
