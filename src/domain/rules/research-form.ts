/**
 * The 'Create New Research' form's rules (spec §2 dialogs, §5 validation), with the API's own bounds
 * (src/protocol/input-text.ts), so the dialog says what the server would refuse before it is sent.
 */
import { brokenTextIn, TagMessages, TextBounds } from '../../protocol/input-text'

const ResearchFormMessages = {
  nameRequired: 'Research name is required',
  nameTooLong: `Research name has at most ${TextBounds.title} characters`,
  unreadableCharacter: 'Remove the unreadable character (it cannot be stored)',
  ...TagMessages,
} as const

/** What is wrong with the research name, or null. */
export function researchNameProblem(title: string): string | null {
  const name = title.trim()
  if (name === '') return ResearchFormMessages.nameRequired
  if (name.length > TextBounds.title) return ResearchFormMessages.nameTooLong
  return brokenTextIn(name) ? ResearchFormMessages.unreadableCharacter : null
}

/** Why `candidate` cannot join `tags`, or null (a blank or repeated tag is no problem: it is ignored). */
export function tagProblem(tags: readonly string[], candidate: string): string | null {
  const tag = candidate.trim()
  if (tag === '' || tags.includes(tag)) return null
  if (tag.length > TextBounds.tag) return ResearchFormMessages.tooLong
  if (tags.length >= TextBounds.tags) return ResearchFormMessages.tooMany
  return brokenTextIn(tag) ? ResearchFormMessages.unreadableCharacter : null
}
