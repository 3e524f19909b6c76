/**
 * The API reference page (GET /api/v1/reference): the OpenAPI document (src/protocol/http/openapi.ts)
 * as one readable HTML page, for people who call the API: each operation by resource, with what it takes
 * and answers as JSON Schema. No script: it is rendered here, escaped, and links to the document itself.
 */
type Json = Record<string, unknown>

const anchor = (tag: string) => escapeHtml(tag.replace(/\s+/g, '-'))
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function apiReferencePage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description: string }
  const paths = doc.paths as Record<string, Record<string, Json>>
  const byTag = new Map<string, Array<{ method: string; path: string; op: Json }>>()
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0] as string
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }])
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => `<section id="${anchor(tag)}"><h2>${escapeHtml(tag)}</h2>${ops.map(operation).join('')}</section>`)
    .join('')
  const toc = [...byTag.keys()]
    .sort()
    .map((tag) => `<a href="#${anchor(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title><style>${STYLE}</style></head><body><main>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1><p>${escapeHtml(info.description)}</p>
<p>Base path <code>/api/v1</code>. The machine-readable document: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<nav>${toc}</nav>${sections}</main></body></html>`
}

function operation({ method, path, op }: { method: string; path: string; op: Json }): string {
  const parameters = (op.parameters as Json[] | undefined) ?? []
  const body = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content['application/json']?.schema
  const responses = Object.entries(op.responses as Record<string, { description: string; content?: Record<string, { schema: Json }> }>).filter(([status]) => status !== 'default')
  const open = Array.isArray(op.security) && op.security.length === 0
  return `<article id="${escapeHtml(String(op.operationId))}"><h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code>${open ? ' <span class="public">public</span>' : ''}</h3>
<p>${escapeHtml(String(op.summary ?? ''))}</p>
${parameters.length > 0 ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${parameters.map((p) => `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`).join('')}</tbody></table>` : ''}
${body ? schemaBlock('Request body', body) : ''}
${responses
  .map(([status, r]) => {
    const content = r.content ? Object.entries(r.content)[0] : undefined
    return content ? schemaBlock(`${status} ${r.description} (${content[0]})`, content[1].schema) : `<p class="status">${escapeHtml(status)} ${escapeHtml(r.description)}</p>`
  })
  .join('')}
</article>`
}

function schemaBlock(title: string, schema: Json): string {
  return `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`
}

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.45}
main{max-width:960px;margin:0 auto;padding:24px}
h1 small{font-weight:400;font-size:.6em;opacity:.7}
nav{margin:16px 0 24px;display:flex;flex-wrap:wrap;gap:4px 8px}
section{border-top:1px solid color-mix(in srgb,currentColor 20%,transparent);padding-top:8px;margin-top:24px}
article{margin:16px 0 24px}
h3{font-size:1rem;margin:0 0 4px}
.method{display:inline-block;min-width:4.5em;text-align:center;border-radius:4px;padding:1px 6px;font-size:.8rem;color:#fff;background:#546e7a}
.method.get{background:#1565c0}.method.post{background:#2e7d32}.method.put,.method.patch{background:#8d6e00}.method.delete{background:#b71c1c}
.public{font-size:.75rem;border:1px solid currentColor;border-radius:4px;padding:0 4px;opacity:.75}
table{border-collapse:collapse;font-size:.85rem;margin:4px 0}
td,th{border:1px solid color-mix(in srgb,currentColor 20%,transparent);padding:2px 6px;text-align:left;vertical-align:top}
td code{word-break:break-all}
pre{font-size:.8rem;overflow:auto;max-height:360px;background:color-mix(in srgb,currentColor 6%,transparent);padding:8px;border-radius:4px}
summary{cursor:pointer}
`
