/**
 * The 20 root categories of CAMEO (Conflict and Mediation Event Observations), the event taxonomy of
 * political event data: what kind of act an action frame reports between its actors, from making a public
 * statement (01) to mass violence (20). A frame carries one beside its readable action type when its act
 * is one of them; a frame whose act is not an interaction between actors (a market moving, a product
 * launched) carries none.
 *
 * Codes and names are CAMEO's; the quad class groups them the usual way (verbal or material,
 * cooperation or conflict).
 */
import { z } from 'zod'

export const CameoRoots = [
  { code: '01', name: 'Make public statement', quad: 'verbal cooperation' },
  { code: '02', name: 'Appeal', quad: 'verbal cooperation' },
  { code: '03', name: 'Express intent to cooperate', quad: 'verbal cooperation' },
  { code: '04', name: 'Consult', quad: 'verbal cooperation' },
  { code: '05', name: 'Engage in diplomatic cooperation', quad: 'verbal cooperation' },
  { code: '06', name: 'Engage in material cooperation', quad: 'material cooperation' },
  { code: '07', name: 'Provide aid', quad: 'material cooperation' },
  { code: '08', name: 'Yield', quad: 'material cooperation' },
  { code: '09', name: 'Investigate', quad: 'material cooperation' },
  { code: '10', name: 'Demand', quad: 'verbal conflict' },
  { code: '11', name: 'Disapprove', quad: 'verbal conflict' },
  { code: '12', name: 'Reject', quad: 'verbal conflict' },
  { code: '13', name: 'Threaten', quad: 'verbal conflict' },
  { code: '14', name: 'Protest', quad: 'verbal conflict' },
  { code: '15', name: 'Exhibit force posture', quad: 'material conflict' },
  { code: '16', name: 'Reduce relations', quad: 'material conflict' },
  { code: '17', name: 'Coerce', quad: 'material conflict' },
  { code: '18', name: 'Assault', quad: 'material conflict' },
  { code: '19', name: 'Fight', quad: 'material conflict' },
  { code: '20', name: 'Use unconventional mass violence', quad: 'material conflict' },
] as const

export type CameoCode = (typeof CameoRoots)[number]['code']

export const cameoCodeSchema = z.enum(CameoRoots.map((r) => r.code) as [CameoCode, ...CameoCode[]])

/** A frame's CAMEO root category: its code and name. */
export const cameoCategorySchema = z.object({ code: cameoCodeSchema, name: z.string().min(1) })
export type CameoCategory = z.infer<typeof cameoCategorySchema>

const byCode = new Map<string, (typeof CameoRoots)[number]>(CameoRoots.map((r) => [r.code, r]))

/** The category of a code, with its name. */
export function cameoCategory(code: CameoCode): CameoCategory {
  return { code, name: byCode.get(code)!.name }
}

/** 'verbal cooperation' … 'material conflict' for a code, or null for one that is not a root. */
export function cameoQuad(code: string): string | null {
  return byCode.get(code)?.quad ?? null
}
