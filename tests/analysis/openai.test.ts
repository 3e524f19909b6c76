import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { analysisSchema } from '../../src/protocol/analysis'
import type { Analyser } from '../../server/analysis'
import { AnalysisError, AnalysisErrorCode, analysisConfigFromEnv, createAnalyser } from '../../server/analysis'
import { modelOutputJsonSchema, modelOutputSchema } from '../../server/analysis/openai/model-output'
import type { FakeOpenAI } from './fake-openai-server'
import { modelAnswerFor, okReply as ok, requestText, startFakeOpenAI } from './fake-openai-server'

const TEXT = "Iran and three European powers resumed talks on Monday over Tehran's nuclear programme. The delegations met for six hours at a hotel near the lake."

let fake: FakeOpenAI

beforeEach(async () => {
  fake = await startFakeOpenAI()
})
afterEach(async () => {
  await fake.close()
})

function analyser(overrides: Partial<{ timeoutMs: number; maxRetries: number; maxChunkChars: number }> = {}): Analyser {
  return createAnalyser({ provider: 'openai', baseURL: fake.baseURL, apiKey: 'test-key', model: 'fake-model', maxRetries: 0, ...overrides })
}

describe('openai provider', () => {
  test('happy path: structured output request, validated result, exact provenance and stamp', async () => {
    fake.replies.push(ok(TEXT))
    const result = await analyser().analyse(TEXT, { referenceDate: '2025-05-12' })

    expect(analysisSchema.safeParse(result).success).toBe(true)
    expect(result.stamp).toEqual({
      provider: 'openai',
      model: 'fake-model',
      analyserVersion: expect.any(String),
      inputHash: createHash('sha256').update(TEXT, 'utf8').digest('hex'),
    })
    const frame = result.frames[0]!
    expect(TEXT.slice(frame.source.start, frame.source.end)).toBe(frame.source.sentence)
    expect(frame.source.sentence).toBe("Iran and three European powers resumed talks on Monday over Tehran's nuclear programme.")
    expect(frame.predicate).toMatchObject({ lemma: 'resume', text: 'resumed' })
    expect(TEXT.slice(frame.predicate!.start, frame.predicate!.end)).toBe('resumed')
    expect(frame).toMatchObject({ actionIndex: 1, totalActions: 1 })
    // The model's frame goes through the same taxonomy as the local analyser's: resumed talks consult.
    expect(frame.cameo).toEqual({ code: '04', name: 'Consult' })
    const iran = result.entities.find((e) => e.text === 'Iran')!
    expect(iran.mentions.map((m) => m.text)).toEqual(['Iran', 'Tehran'])
    for (const m of iran.mentions) expect(TEXT.slice(m.start, m.end)).toBe(m.text)

    const request = fake.requests[0]!
    expect(request.model).toBe('fake-model')
    expect(request.response_format?.type).toBe('json_schema')
    expect(request.response_format?.json_schema?.strict).toBe(true)
    expect(request.response_format?.json_schema?.schema).toEqual(modelOutputJsonSchema)
    expect(request.response_format?.json_schema?.schema).toMatchObject({ type: 'object', additionalProperties: false })
    expect(requestText(request)).toBe(TEXT)
    expect(request.messages.some((m) => m.content.includes('2025-05-12'))).toBe(true)
  })

  test('the JSON schema sent is the one zod generates from the model-output schema', () => {
    const { $schema: _ignored, ...expected } = z.toJSONSchema(modelOutputSchema, { target: 'draft-7' }) as Record<string, unknown>
    expect(modelOutputJsonSchema).toEqual(expected)
  })

  test('an invalid answer is retried once with the validation errors, then accepted', async () => {
    fake.replies.push({ kind: 'content', content: '{"title": "only a title"}' }, ok(TEXT))
    const result = await analyser().analyse(TEXT)
    expect(result.frames).toHaveLength(1)
    expect(fake.requests).toHaveLength(2)
    // The API's usage of both calls (150 tokens each in the fake's answers): the rejected answer was paid for too.
    expect(result.usage).toEqual({ totalTokens: 300 })
    const retry = fake.requests[1]!.messages
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"title": "only a title"}' })
    expect(retry.at(-1)?.role).toBe('user')
    expect(retry.at(-1)?.content).toMatch(/does not match the required JSON schema/)
    expect(retry.at(-1)?.content).toMatch(/summary/)
  })

  test('an answer that fails twice is a typed error carrying the model text', async () => {
    fake.replies.push({ kind: 'content', content: 'Sure! Here is the analysis.' }, { kind: 'content', content: '{"frames": "none"}' })
    const error = await analyser()
      .analyse(TEXT)
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(AnalysisError)
    const e = error as AnalysisError
    expect(e.code).toBe(AnalysisErrorCode.InvalidOutput)
    expect(e.modelText).toBe('{"frames": "none"}')
    expect(e.issues.length).toBeGreaterThan(0)
    expect(fake.requests).toHaveLength(2)
  })

  test('code-fenced JSON is accepted', async () => {
    fake.replies.push({ kind: 'content', content: `\`\`\`json\n${JSON.stringify(modelAnswerFor(TEXT))}\n\`\`\`` })
    await expect(analyser().analyse(TEXT)).resolves.toMatchObject({ title: 'Talks resume' })
  })

  test("the source's own headline titles the result over the model's title, as with the local analyser", async () => {
    fake.replies.push({ kind: 'content', content: JSON.stringify(modelAnswerFor(TEXT)) })
    const result = await analyser().analyse(TEXT, { headline: 'Nuclear talks resume in Geneva after a year | The Sentinel' })
    expect(result.title).toBe('Nuclear talks resume in Geneva after a year')
    fake.replies.push({ kind: 'content', content: JSON.stringify(modelAnswerFor(TEXT)) })
    await expect(analyser().analyse(TEXT, { headline: 'Document1' })).resolves.toMatchObject({ title: 'Talks resume' })
  })

  test("the model's answer goes through the local analyser's normalisation: clean names, one party, one frame per event", async () => {
    const text =
      'And Ennahda accused the U.S. of meddling on Monday. The party accused the United States of interference again on Tuesday. Security forces shelled the town of Kasserine, killing four people.'
    const answer = modelAnswerFor(text)
    const frame = answer.frames[0]!
    const sentences = [
      'And Ennahda accused the U.S. of meddling on Monday.',
      'The party accused the United States of interference again on Tuesday.',
      'Security forces shelled the town of Kasserine, killing four people.',
    ]
    answer.entities = [
      { text: 'And Ennahda', kind: 'organisation', aliases: [] },
      { text: 'United States', kind: 'place', aliases: ['U.S.'] },
      { text: 'the U.S.', kind: 'place', aliases: ['America'] },
      { text: 'T]he', kind: 'other', aliases: [] },
    ]
    const accuse = (sentence: string, target: string) => ({
      ...frame,
      sourceSentence: sentence,
      verb: 'accuse',
      actionType: 'Opposition',
      actors: [
        { text: 'And Ennahda', role: 'agent' as const, affect: 'neutral' as const, influence: 0.8, motivation: '' },
        { text: target, role: 'patient' as const, affect: 'negative' as const, influence: 0.3, motivation: '' },
      ],
      resources: [],
      metadata: { ...frame.metadata, sentiment: 0.3 },
      confidence: 0.7,
    })
    answer.frames = [
      accuse(sentences[0]!, 'the U.S.'),
      accuse(sentences[1]!, 'United States'),
      {
        ...frame,
        sourceSentence: sentences[2]!,
        verb: 'shell',
        actionType: 'Military action',
        actors: [{ text: 'Security forces', role: 'agent', affect: 'neutral', influence: 0.8, motivation: '' }],
        resources: [],
        metadata: { ...frame.metadata, sentiment: 0.2 },
      },
      { ...frame, sourceSentence: sentences[2]!, verb: 'kill', actors: [], resources: [] },
    ]
    fake.replies.push({ kind: 'content', content: JSON.stringify(answer) })
    const result = await analyser().analyse(text)

    expect(result.entities.map((e) => [e.text, e.aliases])).toEqual([
      ['Ennahda', []],
      ['United States', ['U.S.', 'America']],
    ])
    const us = result.entities.find((e) => e.text === 'United States')!
    expect(us.mentions.map((m) => m.text)).toEqual(['U.S.', 'United States'])
    // One accusation told twice is one frame, its target under the entity's name, the surer for it.
    const accusations = result.frames.filter((f) => f.predicate?.lemma === 'accuse')
    expect(accusations).toHaveLength(1)
    expect(accusations[0]!.actors.entries.map((a) => [a.text, a.role])).toEqual([
      ['Ennahda', 'agent'],
      ['United States', 'patient'],
    ])
    expect(accusations[0]!.confidence).toBe(0.75)
    expect(accusations[0]!.alsoToldIn?.map((s) => s.sentence)).toEqual([sentences[1]])
    for (const s of accusations[0]!.alsoToldIn!) expect(text.slice(s.start, s.end)).toBe(s.sentence)
    // Shelling that happened is never good news; a frame with nobody and nothing in it is no frame.
    const shelling = result.frames.find((f) => f.actionType === 'Military action')!
    expect(shelling.cameo?.code).toBe('19')
    expect(shelling.metadata.sentiment).toBe(-0.4)
    expect(result.frames).toHaveLength(2)
    expect(result.frames.every((f) => f.agentUnnamed === undefined)).toBe(true)
    expect(result.frames.map((f) => f.actionIndex)).toEqual([1, 2])
  })

  test('429 becomes AI_RATE_LIMIT (503 at the API)', async () => {
    fake.replies.push({ kind: 'status', status: 429, body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } } })
    const error = await analyser()
      .analyse(TEXT)
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(AnalysisError)
    expect((error as AnalysisError).code).toBe('AI_RATE_LIMIT')
    expect((error as AnalysisError).httpStatus).toBe(503)
  })

  test('a 429 with retry-after is retried by the client when retries are allowed', async () => {
    fake.replies.push({ kind: 'status', status: 429, headers: { 'retry-after-ms': '10' } }, ok(TEXT))
    const result = await analyser({ maxRetries: 1 }).analyse(TEXT)
    expect(result.frames).toHaveLength(1)
    expect(fake.requests).toHaveLength(2)
  })

  test('no answer in time becomes AI_TIMEOUT (503 at the API)', async () => {
    fake.replies.push({ kind: 'hang' })
    const error = await analyser({ timeoutMs: 300 })
      .analyse(TEXT)
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(AnalysisError)
    expect((error as AnalysisError).code).toBe('AI_TIMEOUT')
    expect((error as AnalysisError).httpStatus).toBe(503)
  })

  test('other provider failures are AI_PROVIDER_ERROR', async () => {
    fake.replies.push({ kind: 'status', status: 500 })
    await expect(analyser().analyse(TEXT)).rejects.toMatchObject({ code: 'AI_PROVIDER_ERROR', providerStatus: 500 })
  })

  test('long documents are chunked, analysed part by part and merged with offsets into the whole text', async () => {
    const paragraphs = Array.from(
      { length: 8 },
      (_, i) =>
        `Iran and its partners held round ${i + 1} of the talks in Geneva on Monday. Delegates discussed inspections, sanctions relief and a timetable for the next meetings, and agreed to meet again within a month.`,
    )
    const content = paragraphs.join('\n\n')
    // Each part's answer names its own round: eight rounds are eight events, not one told eight times.
    fake.fallback = (request) => {
      const answer = modelAnswerFor(requestText(request))
      answer.frames[0]!.resources[0]!.text = /round \d+ of the talks/.exec(requestText(request))?.[0] ?? 'talks'
      return { kind: 'content', content: JSON.stringify(answer) }
    }
    const result = await analyser({ maxChunkChars: 600 }).analyse(content)

    expect(fake.requests.length).toBeGreaterThan(2)
    expect(fake.requests[0]!.messages.at(-1)?.content).toMatch(/part 1 of \d+/)
    expect(result.frames).toHaveLength(fake.requests.length)
    result.frames.forEach((f, i) => {
      expect(content.slice(f.source.start, f.source.end)).toBe(f.source.sentence)
      expect(f.actionIndex).toBe(i + 1)
      expect(f.totalActions).toBe(result.frames.length)
    })
    const starts = result.frames.map((f) => f.source.start)
    expect([...starts].sort((a, b) => a - b)).toEqual(starts)
    expect(new Set(starts).size).toBe(starts.length)
    // Entities merged once, with every mention in the whole text.
    expect(result.entities.filter((e) => e.text === 'Iran')).toHaveLength(1)
    expect(result.entities.find((e) => e.text === 'Iran')!.mentions).toHaveLength(8)
  })
})

describe('provider selection', () => {
  test('ANALYSIS_PROVIDER defaults to local', () => {
    expect(analysisConfigFromEnv({})).toEqual({ provider: 'local' })
    expect(createAnalyser({ provider: 'local' }).provider).toBe('local')
  })

  test('openai is configured from OPENAI_BASE_URL, OPENAI_API_KEY and ANALYSIS_MODEL', () => {
    const config = analysisConfigFromEnv({ ANALYSIS_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_API_KEY: 'k', ANALYSIS_MODEL: 'llama3.1' })
    expect(config).toMatchObject({ provider: 'openai', baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'k', model: 'llama3.1' })
    const a = createAnalyser(config)
    expect(a).toMatchObject({ provider: 'openai', model: 'llama3.1' })
  })

  test('a missing model or an unknown provider is a configuration error', () => {
    expect(() => analysisConfigFromEnv({ ANALYSIS_PROVIDER: 'openai' })).toThrow(expect.objectContaining({ code: 'AI_CONFIG_ERROR' }))
    expect(() => analysisConfigFromEnv({ ANALYSIS_PROVIDER: 'magic' })).toThrow(expect.objectContaining({ code: 'AI_CONFIG_ERROR' }))
  })
})
