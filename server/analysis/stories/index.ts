/**
 * The story engine (issue 20): exact and near duplicates, stories, independent corroboration, credibility 1–6,
 * contradictions and source reliability A–F. Pure functions over documents and frames passed in (`types.ts`):
 * no database, no I/O, no clock. Each file's header states its rules and thresholds:
 *
 * - normalise.ts: the normal form and `contentKey` (exact duplicates).
 * - minhash.ts: shingles, MinHash, Jaccard estimate, the 0.6 near-duplicate threshold, LSH bands.
 * - claims.ts, figures.ts: what a frame claims, a document's main claim, the figures a sentence gives.
 * - fingerprint.ts: what to store per document to place the next one incrementally.
 * - stories.ts: links (duplicate, near duplicate, same event within 72 h), `assignStory`, `buildStories`.
 * - families.ts: publisher families (one owner, or copies of one text).
 * - contradictions.ts: contested pairs (negation, outcome, figures, date).
 * - credibility.ts: the Admiralty 1–6 rule table, evidence, and the outcomes that feed source records.
 * - reliability.ts: source grades A–F from a Beta(2, 2) record, with the analyst's override.
 * - adapter.ts: the stored `ActionFrame` as a `StoryFrame`.
 */
export type { FrameAdapterOptions } from './adapter'
export { publisherOfUrl, SENTIMENT_EFFECT, storyDocumentFrom, storyFrameFrom } from './adapter'
export type { Claim, MainClaim } from './claims'
export { actorIndexKey, claimKey, claimOf, mainClaimOf, STATEMENT, sameActor, sameClaim } from './claims'
export type { ContestedMark, ContradictionPair, ContradictionReason, Disagreement, FrameRelation } from './contradictions'
export { compareFrames, contestedMarks, findContradictions } from './contradictions'
export type { CredibilityEvidence, CredibilityOptions, FrameCredibility, SourceOutcome } from './credibility'
export { assessCredibility, sourceOutcomes } from './credibility'
export { familiesOf, ownerOf, UNNAMED_FAMILY } from './families'
export type { Figure, FigureBound } from './figures'
export { ABOUT_TOLERANCE, compatible, EXACT_TOLERANCE, figuresConflict, figuresOf } from './figures'
export type { DocumentFingerprint } from './fingerprint'
export { bandedSimilarity, exactDuplicates, fingerprintDocument, nearDuplicates } from './fingerprint'
export type { MinHashSignature } from './minhash'
export { estimateJaccard, exactJaccard, isNearDuplicate, LSH_BANDS, LSH_ROWS, lshBandKeys, MINHASH_SIZE, minhashSignature, NEAR_DUPLICATE_THRESHOLD, SHINGLE_WORDS, shinglesOf } from './minhash'
export { actorKey, contentKey, normaliseContent, publisherKey } from './normalise'
export type { SourceOverride, SourceRecord, SourceReliability } from './reliability'
export { EMPTY_RECORD, GRADE_CUTS, GRADE_NAMES, gradeSource, gradesOf, MIN_EVIDENCE, PRIOR_ALPHA, PRIOR_BETA, tallyOutcomes } from './reliability'
export type { Story, StoryAssignment, StoryLink, StoryLinkReason, StoryMember, StoryOptions, StoryState } from './stories'
export { applyAssignment, assignStory, buildStories, candidateQuery, EVENT_WINDOW_MS, linkBetween, NEAR_DUPLICATE_WINDOW_MS, storyIdFor, summariseStory } from './stories'
export type { CredibilityGrade, FrameEffect, OwnerMap, SourceGradeName, StoryDocument, StoryFrame } from './types'
export { DAY_MS, documentTime, HOUR_MS, SourceGrade } from './types'
