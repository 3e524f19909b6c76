/** Toast durations and progress-card phases (spec §3 "Processing notification", §4, §9). */

const TOAST_DURATION_MS = 3000
const ERROR_TOAST_DURATION_MS = 5000
/** Progress cards leave this long after they complete or fail. */
export const PROGRESS_AUTO_REMOVE_MS = 5000

/** How long a toast stays: 3 s, 5 s for errors, loading toasts until dismissed (null). */
export function toastDuration(kind: string, override?: number | null): number | null {
  if (override != null) return override
  if (kind === 'loading') return null
  return kind === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS
}

export interface PhaseDefinition {
  id: string
  name: string
  description: string
}

/**
 * How far the server has taken a document, as its live messages say: `reading` (the skeleton: the input
 * arrived and is being read), `analysis` (structuring started: content read), `actionframe` (document
 * ready), `done` (processing complete). Ordered.
 */
export const ServerSteps = ['reading', 'analysis', 'actionframe', 'done'] as const
export type ServerStep = (typeof ServerSteps)[number]

/**
 * The phase of each kind of progress card a server step starts (null: every phase done). The reading
 * starts where the server takes over: a file is parsed, a page fetched, a text cleaned, by the server.
 */
export const PhaseOfStep: Record<'document_upload' | 'text_input' | 'url_processing', Record<ServerStep, string | null>> = {
  document_upload: { reading: 'parsing', analysis: 'analysis', actionframe: 'actionframe', done: null },
  text_input: { reading: 'preprocessing', analysis: 'analysis', actionframe: 'actionframe', done: null },
  url_processing: { reading: 'fetch', analysis: 'analysis', actionframe: 'actionframe', done: null },
}

/**
 * The toasts of an input (spec §8 "Success toasts"): one when the server accepted it (not in the spec,
 * which toasts success at once), and the spec's success text when processing of that document completes.
 * `name` is the file name or the website's host; a text has none.
 */
export const ProgressToastTexts: Record<'document_upload' | 'text_input' | 'url_processing', { accepted: (name: string) => string; done: (name: string) => string }> = {
  text_input: { accepted: () => 'Text submitted for analysis', done: () => 'Text analyzed successfully' },
  document_upload: { accepted: (name) => `File received, analysing: ${name}`, done: () => 'File uploaded successfully' },
  url_processing: { accepted: (host) => `Website submitted for analysis: ${host}`, done: (host) => `Website processed successfully: ${host}` },
}

/** Every kind of input ends in the same two phases: the document's analysis, then its action frames. */
const PipelinePhases: readonly PhaseDefinition[] = [
  { id: 'analysis', name: 'Analysis', description: 'Title, summary and analytics' },
  { id: 'actionframe', name: 'Action frames', description: 'Extracting actions' },
]

/** The phases of each kind of progress card, in order. */
export const ProgressPhases: Record<'document_upload' | 'text_input' | 'url_processing', PhaseDefinition[]> = {
  document_upload: [
    { id: 'upload', name: 'Upload', description: 'Sending the file' },
    { id: 'validation', name: 'Validation', description: 'Checking type and size' },
    { id: 'parsing', name: 'Parsing', description: 'Extracting the text' },
    ...PipelinePhases,
  ],
  text_input: [{ id: 'validation', name: 'Validation', description: 'Checking the text' }, { id: 'preprocessing', name: 'Preprocessing', description: 'Cleaning the text' }, ...PipelinePhases],
  url_processing: [
    { id: 'fetch', name: 'Fetch', description: 'Downloading the page' },
    { id: 'parsing', name: 'Parsing', description: 'Reading the page' },
    { id: 'cleaning', name: 'Cleaning', description: 'Keeping the article' },
    ...PipelinePhases,
  ],
}
