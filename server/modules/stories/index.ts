/**
 * Stories, corroboration and source reliability, kept as documents arrive (issue 20): what other modules
 * use is placing a completed document (the pipeline, in the transaction that completes it) and assessing a
 * story again (after a document leaves it).
 */
export { afterRemoval, type BoardStoryFacts, boardStoryFacts, placeDocument, refreshStory, storiesOf } from './service'
export { storyOfEvent } from './queries'
export { documentStories, storiesOfDocuments, storyById } from './reads'
