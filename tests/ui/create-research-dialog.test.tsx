// @vitest-environment happy-dom
/**
 * 'Create New Research' says the API's bounds before sending (issue 15): a name over 200 characters, a
 * tag over 64 characters or a 51st tag is refused in the dialog with a clear message, the refused tag
 * stays in the box to be shortened, and what fits is sent as typed.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { TextBounds } from '../../src/protocol/input-text'
import { CreateResearchDialog } from '../../src/ui/shell/CreateResearchDialog'

afterEach(cleanup)

function open() {
  const created: Array<{ title: string; tags: string[] }> = []
  render(<CreateResearchDialog onCreate={async (input) => void created.push(input)} onClose={() => {}} />)
  return created
}

const nameBox = () => screen.getByLabelText('Name')
const tagBox = () => screen.getByRole('textbox', { name: 'Tags (optional)' }) as HTMLInputElement
const addTag = (value: string) => {
  fireEvent.change(tagBox(), { target: { value } })
  fireEvent.click(screen.getByText('Add', { selector: 'button' }))
}
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }))
  })
}
const alertText = () => screen.queryByRole('alert')?.textContent ?? null

describe('Create New Research: the bounds of the contract', () => {
  test('a tag over 64 characters is refused with a message and stays in the box', () => {
    open()
    const long = 'x'.repeat(TextBounds.tag + 1)
    addTag(long)
    expect(alertText()).toBe('A tag has at most 64 characters')
    expect(tagBox().value).toBe(long)
    expect(screen.queryByRole('button', { name: `Remove ${long}` })).toBeNull()
    addTag('x'.repeat(TextBounds.tag))
    expect(alertText()).toBeNull()
    expect(screen.getByRole('button', { name: `Remove ${'x'.repeat(TextBounds.tag)}` })).toBeTruthy()
  })

  test('a 51st tag is refused; 50 are sent', async () => {
    const created = open()
    fireEvent.change(nameBox(), { target: { value: 'Tariffs' } })
    for (let i = 1; i <= TextBounds.tags; i++) addTag(`tag ${i}`)
    expect(alertText()).toBeNull()
    addTag('one too many')
    expect(alertText()).toBe('A research has at most 50 tags')
    await submit()
    expect(created).toHaveLength(1)
    expect(created[0]?.tags).toHaveLength(TextBounds.tags)
    expect(created[0]?.tags.at(-1)).toBe('tag 50')
  })

  test('a name over 200 characters is refused before anything is sent', async () => {
    const created = open()
    fireEvent.change(nameBox(), { target: { value: 'n'.repeat(TextBounds.title + 1) } })
    await submit()
    expect(alertText()).toBe('Research name has at most 200 characters')
    expect(created).toEqual([])
    fireEvent.change(nameBox(), { target: { value: '   ' } })
    await submit()
    expect(alertText()).toBe('Research name is required')
    expect(created).toEqual([])
  })
})
