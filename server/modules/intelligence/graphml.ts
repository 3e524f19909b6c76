/**
 * A graph body as GraphML 1.0 (http://graphml.graphdrawing.org/), for Gephi, yEd, Cytoscape and NetworkX.
 *
 * Rules: one <key> per attribute — nodes kind, label, type (strings) and weight (double); edges kind
 * (string) and weight (double); an attribute without a value is left out. The graph is directed (contains,
 * mentions, actor and resource point from document or frame outwards); connected edges carry
 * directed="false". Text is XML-escaped, and characters XML 1.0 forbids (control characters) are dropped.
 */
import type { GraphBody, GraphEdge, GraphNode } from '../../../src/protocol/intelligence'

const keys = [
  { id: 'nk', for: 'node', name: 'kind', type: 'string' },
  { id: 'nl', for: 'node', name: 'label', type: 'string' },
  { id: 'nt', for: 'node', name: 'type', type: 'string' },
  { id: 'nw', for: 'node', name: 'weight', type: 'double' },
  { id: 'ek', for: 'edge', name: 'kind', type: 'string' },
  { id: 'ew', for: 'edge', name: 'weight', type: 'double' },
] as const

export function toGraphML(graph: GraphBody, graphId: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    ...keys.map((k) => `  <key id="${k.id}" for="${k.for}" attr.name="${k.name}" attr.type="${k.type}"/>`),
    `  <graph id="${escapeXml(graphId)}" edgedefault="directed">`,
    ...graph.nodes.map(nodeXml),
    ...graph.edges.map(edgeXml),
    '  </graph>',
    '</graphml>',
    '',
  ].join('\n')
}

/** Text safe inside an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

// ---------------------------------------------------------------------------------------------------

function nodeXml(n: GraphNode): string {
  const data = [datum('nk', n.kind), datum('nl', n.label), datum('nt', n.type), datum('nw', n.weight)].join('')
  return `    <node id="${escapeXml(n.id)}">${data}</node>`
}

function edgeXml(e: GraphEdge): string {
  const undirected = e.kind === 'connected' ? ' directed="false"' : ''
  const data = [datum('ek', e.kind), datum('ew', e.weight)].join('')
  return `    <edge id="${escapeXml(e.id)}" source="${escapeXml(e.source)}" target="${escapeXml(e.target)}"${undirected}>${data}</edge>`
}

function datum(key: string, value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : `<data key="${key}">${escapeXml(String(value))}</data>`
}
