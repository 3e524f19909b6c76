/**
 * A local stand-in for an OpenAI-compatible Chat Completions endpoint on 127.0.0.1 (random port).
 * Each request is answered by the next scripted reply, in the real response format (id, object
 * 'chat.completion', choices[0].message.content, usage …), or by an error status, or not at all
 * (to provoke a timeout). Every request body is kept so tests can check what was sent.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { z } from 'zod'
import { type ModelOutput, modelOutputSchema } from '../../server/analysis/openai/model-output'

export type Reply = { kind: 'content'; content: string } | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> } | { kind: 'hang' }

export interface ChatRequest {
  model: string
  messages: { role: string; content: string }[]
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } }
  temperature?: number
}

export interface FakeOpenAI {
  baseURL: string
  requests: ChatRequest[]
  /** Replies used in order; when none are left, `fallback` answers (or a 500). */
  replies: Reply[]
  fallback?: (request: ChatRequest) => Reply
  /** How long each answer takes (0: at once), as a real model's latency. */
  delayMs: number
  close(): Promise<void>
}

const chatRequestSchema = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  response_format: z
    .object({
      type: z.string(),
      json_schema: z.object({ name: z.string(), strict: z.boolean().optional(), schema: z.record(z.string(), z.unknown()) }).optional(),
    })
    .optional(),
  temperature: z.number().optional(),
})

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const state: FakeOpenAI = {
    baseURL: '',
    requests: [],
    replies: [],
    delayMs: 0,
    close: async () => undefined,
  }
  const hanging = new Set<import('node:http').ServerResponse>()
  let counter = 0
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }))
        return
      }
      const request = chatRequestSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      state.requests.push(request)
      const reply = state.replies.shift() ?? state.fallback?.(request) ?? { kind: 'status', status: 500 }
      if (reply.kind === 'hang') {
        hanging.add(res)
        return
      }
      if (reply.kind === 'status') {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) })
        res.end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}`, type: 'error', code: null } }))
        return
      }
      counter++
      const body = JSON.stringify({
        id: `chatcmpl-fake${counter}`,
        object: 'chat.completion',
        created: 1_735_689_600 + counter,
        model: request.model,
        system_fingerprint: 'fp_fake',
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      })
      const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(body)
      if (state.delayMs > 0) setTimeout(send, state.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  state.baseURL = `http://127.0.0.1:${port}/v1`
  state.close = async () => {
    for (const res of hanging) res.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return state
}

/** The text a request sent for analysis (between the <<< >>> markers). */
export function requestText(request: ChatRequest): string {
  const user = [...request.messages].reverse().find((m) => m.role === 'user' && m.content.includes('<<<'))?.content ?? ''
  const m = /<<<\n([\s\S]*)\n>>>/.exec(user)
  return m?.[1] ?? ''
}

/** A valid model answer for a text: one frame quoting its first sentence. */
export function modelAnswerFor(text: string): ModelOutput {
  const first = (text.trim().split(/(?<=[.!?])\s+/)[0] ?? text).trim()
  const score = 0.5
  return modelOutputSchema.parse({
    title: 'Talks resume',
    summary: first,
    knowledgeArea: 'Diplomacy and international relations',
    detectedDomain: 'Geopolitics and security',
    language: 'en',
    pestleCategory: 'Political',
    entities: [{ text: 'Iran', kind: 'place', aliases: ['Tehran'] }],
    analytics: {
      socioPoliticalSensitivity: 0.7,
      economicRelevance: 0.2,
      ethicalControversy: score,
      culturalSignificance: score,
      scope: 0.6,
      timeHorizon: score,
      impactSeverity: score,
      novelty: score,
      biasIntensity: 0.1,
      propagandaIntensity: 0.1,
      detectedDomain: 'Geopolitics and security',
      contextInference: 'Nuclear diplomacy.',
      historicalContext: '',
      marketOrPolicyImpact: '',
      biasOrAgenda: '',
      propagandaIndicators: '',
      justifications: {
        socioPoliticalSensitivity: 'nuclear talks',
        economicRelevance: 'little economics',
        ethicalControversy: 'no evidence',
        culturalSignificance: 'no evidence',
        scope: 'several countries',
        timeHorizon: 'no evidence',
        impactSeverity: 'no evidence',
        novelty: 'no evidence',
        biasIntensity: 'neutral wording',
        propagandaIntensity: 'none',
      },
    },
    frames: [
      {
        sourceSentence: first,
        verb: 'resume',
        actionType: 'Diplomacy',
        actionDescription: first,
        temporality: 'past',
        negated: false,
        actors: [{ text: 'Iran', role: 'agent', affect: 'neutral', influence: 0.8, motivation: '' }],
        resources: [{ text: 'talks', type: 'other', state: 'resumed', usage: 'object' }],
        result: { outcome: 'Talks resumed', description: first, impacts: [{ effect: 'political', magnitude: 0.4, description: 'diplomacy' }] },
        metadata: { confidence: 0.8, veracity: 0.8, relevance: 0.9, noveltyScore: 0.3, sentiment: 0, businessDomain: 'Diplomacy', tags: ['talks'] },
        confidence: 0.8,
        urgency: { score: 0.3, justification: 'past event' },
      },
    ],
  })
}

/** A 200 answer carrying `modelAnswerFor(text)`. */
export const okReply = (text: string): Reply => ({ kind: 'content', content: JSON.stringify(modelAnswerFor(text)) })
