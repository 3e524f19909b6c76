/**
 * The layout worker. elkjs' worker build registers itself as this thread's `onmessage` and answers
 * elk-api's requests (register, layout …) from the main thread. Only the knowledge-graph canvas (a lazy
 * chunk) starts it, so the ~1.6 MB of ELK is never part of the first page.
 */
import 'elkjs/lib/elk-worker.min.js'
