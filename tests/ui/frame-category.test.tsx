// @vitest-environment happy-dom
/**
 * A frame's CAMEO root category on its card (a chip coloured by quad class, its code and class in the
 * tooltip) and in the inspector's facts; 'did not happen' for a negated frame; nothing for a frame without
 * one or with a code that is not a root.
 */
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { categoryLabel } from '../../src/domain/rules/categories'
import type { FrameCard } from '../../src/projections/workspace-graph'
import { FrameDetails } from '../../src/ui/inspector/FrameDetails'
import { ActionFrameCard } from '../../src/ui/workspace/ActionFrameCard'
import { createClientCore } from '../../src/streams/client-core'
import { ModelsProvider } from '../../src/ui/models-context'

afterEach(cleanup)

/** The inspector's details read the workspace's read models (a frame's credibility): empty ones here. */
const emptyModels = createClientCore().models
function Models({ children }: { children: ReactNode }) {
  return <ModelsProvider models={emptyModels}>{children}</ModelsProvider>
}

const frame = (over: Partial<FrameCard>): FrameCard => ({ id: 'd1-f1', parentId: 'd1', status: 'final', actionType: 'Military action', actionIndex: 1, totalActions: 1, ...over }) as FrameCard

describe('the CAMEO category of a frame', () => {
  test('reads as its name, with code and class as the longer form; none for a missing or unknown code', () => {
    expect(categoryLabel({ code: '19', name: 'Fight' })).toEqual({ name: 'Fight', detail: 'CAMEO 19 Fight, material conflict', quad: 'material conflict' })
    expect(categoryLabel({ code: '02', name: 'Appeal' })?.quad).toBe('verbal cooperation')
    expect(categoryLabel({ code: '21', name: 'Made up' })).toBeNull()
    expect(categoryLabel({ code: '19', name: ' ' })).toBeNull()
    expect(categoryLabel(undefined)).toBeNull()
  })

  test('the card shows the chip, coloured by its class, and says when the source denies the act', () => {
    render(<ActionFrameCard frame={frame({ cameo: { code: '19', name: 'Fight' }, negated: true })} position={1} />)
    const chip = screen.getByText('Fight')
    expect(chip.className).toContain('quad-material-conflict')
    expect(chip.getAttribute('title')).toBe('CAMEO 19 Fight, material conflict')
    expect(screen.getByText('did not happen')).toBeTruthy()
  })

  test('a card whose agent the text does not name says so', () => {
    const { rerender } = render(<ActionFrameCard frame={frame({ agentUnnamed: true } as Partial<FrameCard>)} position={1} />)
    expect(screen.getByText('agent not named').getAttribute('title')).toBe('The text does not say who did it')
    rerender(<ActionFrameCard frame={frame({})} position={1} />)
    expect(screen.queryByText('agent not named')).toBeNull()
  })

  test('a card without a category shows no chip', () => {
    const { container } = render(<ActionFrameCard frame={frame({ actionType: 'Market movement' })} position={1} />)
    expect(container.querySelector('.frame-kind')).toBeNull()
  })

  test('the inspector lists the category among the facts', () => {
    const { rerender } = render(<FrameDetails frame={frame({ cameo: { code: '16', name: 'Reduce relations' } })} payload={null} />, { wrapper: Models })
    expect(screen.getByText('Event category').nextElementSibling?.textContent).toBe('CAMEO 16 Reduce relations, material conflict')
    rerender(<FrameDetails frame={frame({ actionType: 'Market movement' })} payload={null} />)
    expect(screen.getByText('Event category').nextElementSibling?.textContent).toBe('None: not an act between parties')
  })

  test('the inspector quotes the other sentences that tell the same event, placed in the content', () => {
    const content = 'Gondor shelled Osgiliath on Monday. Witnesses said Gondor shelled Osgiliath for hours.'
    const told = { start: 36, end: content.length, sentence: 'Witnesses said Gondor shelled Osgiliath for hours.' }
    const payload = { cleanedContent: content } as unknown as Parameters<typeof FrameDetails>[0]['payload']
    const { rerender } = render(
      <FrameDetails frame={frame({ source: { start: 0, end: 35, sentence: 'Gondor shelled Osgiliath on Monday.' }, alsoToldIn: [told] } as Partial<FrameCard>)} payload={payload} />,
      { wrapper: Models },
    )
    const section = screen.getByRole('region', { name: 'Also told in' })
    expect(section.querySelector('blockquote')?.textContent).toBe(told.sentence)
    expect(section.querySelector('blockquote')?.getAttribute('data-provenance')).toBe('recorded')
    rerender(<FrameDetails frame={frame({})} payload={payload} />)
    expect(screen.queryByRole('region', { name: 'Also told in' })).toBeNull()
  })
})
