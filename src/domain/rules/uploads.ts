/** Upload and URL rules of spec §5, §8, §9. */

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024
export const AllowedUploadExtensions = ['pdf', 'docx', 'doc', 'txt', 'md'] as const

export const UploadMessages = {
  tooLargeWorkspace: '❌ File too large. Maximum size is 50MB',
  tooLarge: 'File too large. Maximum size is 50MB',
  unsupportedWorkspace: '❌ Unsupported file type. Allowed: pdf, docx, doc, txt, md',
  unsupported: 'Unsupported file type. Allowed: pdf, docx, doc, txt, md',
  serverTooLarge: 'File too large (max 50MB)',
  expiredWorkspace: '❌ Workspace session has expired. Create a new workspace to continue.',
} as const

export const UrlMessages = {
  empty: 'Please enter a URL',
  invalid: 'Please enter a valid URL (include http:// or https://)',
} as const

/** The lower-cased extension of a file name ('' when none). */
function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

export function isAllowedUpload(name: string): boolean {
  return (AllowedUploadExtensions as readonly string[]).includes(fileExtension(name))
}

/** A website URL as the modal accepts it: http or https with a host. */
export function isValidWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}
