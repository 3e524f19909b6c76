/**
 * How a frame's CAMEO root category reads on its card and in the inspector (src/protocol/cameo.ts): the
 * name on the card, with its code and quad class ('Fight · CAMEO 19, material conflict') as the longer
 * form; a frame the server sent without one, or with a code that is not a root, shows none.
 */
import { cameoQuad } from '../../protocol/cameo'

interface CategoryLabel {
  name: string
  /** 'CAMEO 19 Fight, material conflict'. */
  detail: string
  /** 'verbal cooperation' … 'material conflict', for the chip's colour. */
  quad: string
}

export function categoryLabel(cameo: { code?: string | null; name?: string | null } | null | undefined): CategoryLabel | null {
  const code = cameo?.code ?? null
  const name = cameo?.name?.trim() ?? ''
  const quad = code === null ? null : cameoQuad(code)
  if (quad === null || name === '') return null
  return { name, detail: `CAMEO ${code} ${name}, ${quad}`, quad }
}
