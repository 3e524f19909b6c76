/**
 * The top bar's search box (issue 21, item 5; the spec's "Search box" now wired): a button that reads like a
 * field and opens the search dialog, as Ctrl+K (⌘K on a Mac) does from anywhere in the app. The dialog loads
 * on first use.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
// The box is in the top bar from the first paint: its style cannot wait for the dialog's chunk.
import '../styles/search.css'

const SearchDialog = lazy(() => import('./SearchDialog').then((m) => ({ default: m.SearchDialog })))

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export function SearchBox() {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setOpen(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button type="button" className="search-box" onClick={() => setOpen(true)} aria-keyshortcuts="Control+K Meta+K" aria-haspopup="dialog">
        <span aria-hidden="true">⌕</span>
        <span className="search-box-label">Search everything</span>
        <kbd>{isMac ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
