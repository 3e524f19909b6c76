/** The colour theme chosen in Settings: the system's, light or dark; kept in local storage, applied on <html>. */
export type Theme = 'system' | 'light' | 'dark'
const KEY = 'sightline.theme'

export function readTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY)
    return value === 'light' || value === 'dark' ? value : 'system'
  } catch {
    return 'system'
  }
}

export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme
  else document.documentElement.dataset.theme = theme
  try {
    if (theme === 'system') localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, theme)
  } catch {
    /* storage disabled: the choice lasts for this page */
  }
}
