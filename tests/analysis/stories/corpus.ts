/**
 * A small invented corpus for the story engine (names, places and outlets are made up; the texts are written for
 * these tests). One event, Valdoria's trade ministry approving the Kessel Rail–Norland Freight merger on Tuesday
 * 3 March 2026, told by four sources:
 * - harbour: the Meridian Wire story as the Harbour Times printed it (owner Coastline Media);
 * - evening: the same wire story in the Evening Post (also Coastline Media), with the wire's dateline, an
 *   "Advertisement" line and a closing paragraph of its own: a syndicated copy;
 * - ledger: the Ledger's own account, in its own words, with a different count of protesters detained;
 * - courier: the Courier, saying the ministry has NOT approved the merger.
 * And: flood, an unrelated Ledger story (other actors, another category), and paste, the Ledger's text pasted by
 * an analyst with its layout mangled (an exact duplicate, not analysed again: no frames).
 *
 * Frames are written by hand as the analyser would give them, one per claim, with the sentence they come from.
 */
import type { OwnerMap, StoryDocument, StoryFrame } from '../../../server/analysis/stories'

export const HOUR = 3_600_000
/** Tuesday 3 March 2026, 09:00 UTC. */
export const T0 = Date.UTC(2026, 2, 3, 9)
/** The day the event happened, as a frame's date: midnight UTC. */
export const EVENT_DAY = Date.UTC(2026, 2, 3)

export const OWNERS: OwnerMap = { 'harbourtimes.example': 'Coastline Media', 'eveningpost.example': 'Coastline Media' }

const WIRE_BODY = `Valdoria's Trade Ministry on Tuesday approved the merger of Kessel Rail and Norland Freight, a deal valued at 2.4 billion dollars that creates the largest freight carrier in the northern provinces. The ministry said the combined company would have to sell two of its eleven container terminals within a year to keep competition alive on the coastal routes.

Police detained 38 protesters who had blocked the ministry entrance since early morning, a spokesman for the city police said.

Kessel Rail said it would keep all of Norland Freight's depots open and honour existing contracts with regional shippers. The Dock Workers Union criticised the ministry, saying the merger puts hundreds of jobs at risk in the river ports.

Shares of Kessel Rail rose sharply in early trading after the announcement. The deal is expected to close in June, once the two boards have signed the final documents.`

const HARBOUR_TEXT = `By Meridian Wire staff

${WIRE_BODY}`

const EVENING_TEXT = `VALDORIA CITY (Meridian Wire) —

${WIRE_BODY.replace('since early morning, a spokesman for the city police said.', 'since early morning, a spokesman for the city police said.\n\nAdvertisement\n')}

Norland Freight was founded in 1921 and employs about 4,000 people across the northern provinces, most of them in the river ports around Valdoria City.`

const LEDGER_TEXT = `The takeover battle for Norland Freight is over. On Tuesday afternoon the trade ministry signed off on the 2.4 billion dollar tie-up between Kessel Rail and Norland Freight, ending eight months of hearings.

Outside, officers removed and detained 25 protesters from the ministry steps.

Kessel Rail has promised that no Norland Freight depot will close as a result. Norland Freight's chief executive, Ana Brand, called the decision a good day for northern shippers. Rival hauliers have until the end of the month to appeal.`

const COURIER_TEXT = `Valdoria's trade ministry has not approved the merger of Kessel Rail and Norland Freight, two officials told the Courier on Wednesday, contradicting reports that the deal had been cleared. The officials said the file was still with the competition office.

Kessel Rail has pledged to keep Norland Freight's depots running whatever the outcome. The dock workers' union attacked the ministry over the secrecy of the talks.`

const FLOOD_TEXT = `Heavy rain flooded twelve villages along the Marsh River overnight. Marsh County Council sent 40 boats and a field hospital to the flooded villages on Wednesday. Residents said the water rose faster than in the floods of 2019.`

// The Ledger's text as an analyst pasted it: other line breaks, doubled spaces, Windows line ends, indentation.
const PASTE_TEXT = `  ${LEDGER_TEXT.replace(/\n\n/g, '\r\n\r\n\r\n').replace(/\. /g, '.  ').replace('Norland Freight depot', 'Norland\r\nFreight   depot')}\t\n`

const wireFrames = (doc: string): StoryFrame[] => [
  frame(doc, 1, {
    agents: ['Trade Ministry'],
    category: '05',
    patients: ['Kessel Rail', 'Norland Freight'],
    effect: 'positive',
    occurredAt: EVENT_DAY,
    sentence:
      "Valdoria's Trade Ministry on Tuesday approved the merger of Kessel Rail and Norland Freight, a deal valued at 2.4 billion dollars that creates the largest freight carrier in the northern provinces.",
  }),
  frame(doc, 2, {
    agents: ['Police'],
    category: '17',
    patients: ['protesters'],
    sentence: 'Police detained 38 protesters who had blocked the ministry entrance since early morning, a spokesman for the city police said.',
  }),
  frame(doc, 3, {
    agents: ['Kessel Rail'],
    category: '03',
    patients: ['Norland Freight'],
    sentence: "Kessel Rail said it would keep all of Norland Freight's depots open and honour existing contracts with regional shippers.",
  }),
  frame(doc, 4, {
    agents: ['Dock Workers Union'],
    category: '11',
    patients: ['Trade Ministry'],
    effect: 'negative',
    sentence: 'The Dock Workers Union criticised the ministry, saying the merger puts hundreds of jobs at risk in the river ports.',
  }),
  frame(doc, 5, { agents: [], category: null, patients: [], sentence: 'The deal is expected to close in June, once the two boards have signed the final documents.' }),
]

export const harbour: StoryDocument = {
  id: 'harbour',
  publisher: 'www.harbourtimes.example',
  sourceKey: 'harbourtimes.example',
  publishedAt: T0 + 1 * HOUR,
  ingestedAt: T0 + 1.5 * HOUR,
  title: 'Valdoria approves Kessel–Norland rail merger',
  text: HARBOUR_TEXT,
  frames: wireFrames('harbour'),
}

export const evening: StoryDocument = {
  id: 'evening',
  publisher: 'eveningpost.example',
  sourceKey: 'eveningpost.example',
  publishedAt: T0 + 2 * HOUR,
  ingestedAt: T0 + 3 * HOUR,
  title: 'Ministry clears freight merger',
  text: EVENING_TEXT,
  frames: wireFrames('evening'),
}

export const ledger: StoryDocument = {
  id: 'ledger',
  publisher: 'ledger.example',
  sourceKey: 'ledger.example',
  publishedAt: T0 + 5 * HOUR,
  ingestedAt: T0 + 5 * HOUR,
  title: 'Kessel wins Norland after eight months of hearings',
  text: LEDGER_TEXT,
  frames: [
    frame('ledger', 1, {
      agents: ['the Trade Ministry'],
      category: '05',
      patients: ['Norland Freight', 'Kessel Rail'],
      effect: 'positive',
      occurredAt: EVENT_DAY,
      sentence: 'On Tuesday afternoon the trade ministry signed off on the 2.4 billion dollar tie-up between Kessel Rail and Norland Freight, ending eight months of hearings.',
    }),
    frame('ledger', 2, { agents: ['police'], category: '17', patients: ['protesters'], sentence: 'Outside, officers removed and detained 25 protesters from the ministry steps.' }),
    frame('ledger', 3, { agents: ['Kessel Rail'], category: '03', patients: ['Norland Freight'], sentence: 'Kessel Rail has promised that no Norland Freight depot will close as a result.' }),
    frame('ledger', 4, {
      agents: ['Ana Brand'],
      category: '01',
      patients: [],
      effect: 'positive',
      sentence: "Norland Freight's chief executive, Ana Brand, called the decision a good day for northern shippers.",
    }),
  ],
}

export const courier: StoryDocument = {
  id: 'courier',
  publisher: 'courier.example',
  sourceKey: 'courier.example',
  publishedAt: T0 + 20 * HOUR,
  ingestedAt: T0 + 20 * HOUR,
  title: 'Freight merger not yet approved, officials say',
  text: COURIER_TEXT,
  frames: [
    frame('courier', 1, {
      agents: ["Valdoria's trade ministry"],
      category: '05',
      patients: ['Kessel Rail', 'Norland Freight'],
      negated: true,
      sentence:
        "Valdoria's trade ministry has not approved the merger of Kessel Rail and Norland Freight, two officials told the Courier on Wednesday, contradicting reports that the deal had been cleared.",
    }),
    frame('courier', 2, { agents: ['Kessel Rail'], category: '03', patients: ['Norland Freight'], sentence: "Kessel Rail has pledged to keep Norland Freight's depots running whatever the outcome." }),
    frame('courier', 3, {
      agents: ["The dock workers' union"],
      category: '11',
      patients: ['Trade Ministry'],
      effect: 'negative',
      sentence: "The dock workers' union attacked the ministry over the secrecy of the talks.",
    }),
  ],
}

export const flood: StoryDocument = {
  id: 'flood',
  publisher: 'ledger.example',
  sourceKey: 'ledger.example',
  publishedAt: T0 + 30 * HOUR,
  ingestedAt: T0 + 30 * HOUR,
  title: 'Marsh River floods twelve villages',
  text: FLOOD_TEXT,
  frames: [
    frame('flood', 1, {
      agents: ['Marsh County Council'],
      category: '07',
      patients: ['flooded villages'],
      occurredAt: Date.UTC(2026, 2, 4),
      sentence: 'Marsh County Council sent 40 boats and a field hospital to the flooded villages on Wednesday.',
    }),
  ],
}

export const paste: StoryDocument = {
  id: 'paste',
  publisher: null,
  sourceKey: 'paste:analyst',
  publishedAt: null,
  ingestedAt: T0 + 40 * HOUR,
  title: 'Pasted text',
  text: PASTE_TEXT,
  frames: [],
}

/** Every document, in the order they were taken in. */
export const CORPUS: readonly StoryDocument[] = [harbour, evening, ledger, courier, flood, paste]

/** The merger story's documents. */
export const MERGER: readonly StoryDocument[] = [harbour, evening, ledger, courier, paste]

export function frame(documentId: string, n: number, f: Partial<StoryFrame> & Pick<StoryFrame, 'agents' | 'category' | 'patients' | 'sentence'>): StoryFrame {
  return { id: `${documentId}#${n}`, documentId, negated: false, effect: null, description: '', occurredAt: null, ...f }
}
