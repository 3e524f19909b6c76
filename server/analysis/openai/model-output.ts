/**
 * What the model is asked to return: the Analysis without what only we can compute reliably
 * (character offsets, the stamp, frame numbering). The model quotes each frame's source sentence; the
 * provider finds it in the text. Every field is required and nothing is optional, as OpenAI's strict
 * structured output demands; the JSON Schema sent to the endpoint is generated from this zod schema.
 */
import { z } from 'zod'
import { actorRoleSchema, affectSchema, analyticsSchema, entityKindSchema, pestleCategorySchema, resourceTypeSchema, temporalitySchema } from '../../../src/protocol/analysis'

const unit = z.number().min(0).max(1)

export const modelFrameSchema = z.object({
  sourceSentence: z.string().min(1).describe('The sentence of the text this action comes from, quoted exactly.'),
  verb: z.string().min(1).describe('The lemma of the main verb, e.g. "announce".'),
  actionType: z.string().min(1),
  actionDescription: z.string().min(1),
  temporality: temporalitySchema,
  negated: z.boolean(),
  actors: z.array(z.object({ text: z.string().min(1), role: actorRoleSchema, affect: affectSchema, influence: unit, motivation: z.string() })),
  resources: z.array(z.object({ text: z.string().min(1), type: resourceTypeSchema, state: z.string(), usage: z.string() })),
  result: z.object({
    outcome: z.string(),
    description: z.string(),
    impacts: z.array(z.object({ effect: z.string(), magnitude: unit, description: z.string() })),
  }),
  metadata: z.object({
    confidence: unit,
    veracity: unit,
    relevance: unit,
    noveltyScore: unit,
    sentiment: z.number().min(-1).max(1),
    businessDomain: z.string(),
    tags: z.array(z.string()),
  }),
  confidence: unit,
  urgency: z.object({ score: unit, justification: z.string() }),
})
export type ModelFrame = z.infer<typeof modelFrameSchema>

export const modelOutputSchema = z.object({
  title: z.string().min(1),
  summary: z.string(),
  knowledgeArea: z.string(),
  detectedDomain: z.string(),
  language: z.string().describe('ISO 639-1 code of the text, e.g. "en".'),
  pestleCategory: pestleCategorySchema,
  entities: z.array(z.object({ text: z.string().min(1), kind: entityKindSchema, aliases: z.array(z.string()) })),
  analytics: analyticsSchema,
  frames: z.array(modelFrameSchema),
})
export type ModelOutput = z.infer<typeof modelOutputSchema>

/** The JSON Schema for `response_format`, generated once from the zod schema. */
export const modelOutputJsonSchema: Record<string, unknown> = (() => {
  const { $schema: _drop, ...schema } = z.toJSONSchema(modelOutputSchema, { target: 'draft-7' }) as Record<string, unknown>
  return schema
})()

export const SYSTEM_PROMPT = [
  'You analyse one news-style or research text for an intelligence analyst and answer with JSON only,',
  'following the given JSON schema exactly.',
  "- title: the text's own heading if it has one, else a short factual title (under 200 characters).",
  '- summary: two or three sentences.',
  '- entities: people, organisations, places and other named things, each once, with the other names the text uses as aliases.',
  '- analytics: the ten scores from 0 to 1 (0.5 when there is no evidence either way), each with a one-sentence justification,',
  '  and the six texts (an empty string when the text gives nothing for one).',
  '- frames: one per action the text reports (something someone does, or a change that happens), in text order.',
  '  Not attribution ("said"), states ("is", "has") or mere intentions ("plans to": the planned verb is the action).',
  '  sourceSentence must be copied character for character from the text. temporality: past (happened), ongoing (happening),',
  '  planned (someone intends or agreed to do it), future (predicted or possible). Actors are people, organisations,',
  '  countries or human groups with their role (agent, patient, recipient, source, participant); anything else is a resource.',
  '  At most 3 impacts and 6 tags per frame.',
].join('\n')

export function userPrompt(text: string, referenceDate: string | undefined, part: { index: number; count: number }): string {
  const lines: string[] = []
  if (referenceDate) lines.push(`Reference date for relative dates: ${referenceDate}.`)
  if (part.count > 1) lines.push(`This is part ${part.index + 1} of ${part.count} of a longer text.`)
  lines.push('Text:', '<<<', text, '>>>')
  return lines.join('\n')
}
