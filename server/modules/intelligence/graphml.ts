/**
 * A graph body as GraphML 1.0 (http://graphml.graphdrawing.org/), for Gephi, yEd, Cytoscape and NetworkX.
 *
 * Rules: one <key> per attribute — nodes kind, label, type (strings) and weight (double); edges kind
 * (string) and weight (double); an attribute without a value is left out. The graph is directed (contains,
 * mentions, actor and resource point from document or frame outwards); connected edges carry
 * directed="false". Text is XML-escaped, and characters XML 1.0 forbids (control characters) are dropped.
 */
import type { EntityGraphBody } from '../../../src/protocol/entity-graph'
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
  return graphML(graphId, keys, graph.nodes.map(nodeItem), graph.edges.map(edgeItem))
}

/**
 * The entity graph (src/protocol/entity-graph.ts) as GraphML: nodes label, kind, mentions and frames; edges
 * (all directed, actor to target) category, label, count, credibility, grade, weight, firstOn and lastOn.
 */
export function entityGraphML(graph: EntityGraphBody, graphId: string): string {
  const nodes = graph.nodes.map((n) => ({ id: n.id, data: { nl: n.label, nk: n.kind, nm: n.mentions, nf: n.frames } }))
  const edges = graph.edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    data: { ec: e.category, el: e.label, en: e.count, er: e.credibility, eg: e.grade, ew: e.weight, e1: e.firstOn, e2: e.lastOn },
  }))
  return graphML(graphId, entityKeys, nodes, edges)
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

const entityKeys = [
  { id: 'nl', for: 'node', name: 'label', type: 'string' },
  { id: 'nk', for: 'node', name: 'kind', type: 'string' },
  { id: 'nm', for: 'node', name: 'mentions', type: 'int' },
  { id: 'nf', for: 'node', name: 'frames', type: 'int' },
  { id: 'ec', for: 'edge', name: 'category', type: 'string' },
  { id: 'el', for: 'edge', name: 'label', type: 'string' },
  { id: 'en', for: 'edge', name: 'count', type: 'int' },
  { id: 'er', for: 'edge', name: 'credibility', type: 'double' },
  { id: 'eg', for: 'edge', name: 'grade', type: 'int' },
  { id: 'ew', for: 'edge', name: 'weight', type: 'double' },
  { id: 'e1', for: 'edge', name: 'firstOn', type: 'string' },
  { id: 'e2', for: 'edge', name: 'lastOn', type: 'string' },
] as const

type Key = { id: string; for: 'node' | 'edge'; name: string; type: string }
type Data = Record<string, string | number | null | undefined>
type NodeItem = { id: string; data: Data }
type EdgeItem = { id: string; source: string; target: string; undirected?: boolean; data: Data }

function graphML(graphId: string, keyList: readonly Key[], nodes: readonly NodeItem[], edges: readonly EdgeItem[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    ...keyList.map((k) => `  <key id="${k.id}" for="${k.for}" attr.name="${k.name}" attr.type="${k.type}"/>`),
    `  <graph id="${escapeXml(graphId)}" edgedefault="directed">`,
    ...nodes.map((n) => `    <node id="${escapeXml(n.id)}">${dataXml(n.data)}</node>`),
    ...edges.map((e) => `    <edge id="${escapeXml(e.id)}" source="${escapeXml(e.source)}" target="${escapeXml(e.target)}"${e.undirected ? ' directed="false"' : ''}>${dataXml(e.data)}</edge>`),
    '  </graph>',
    '</graphml>',
    '',
  ].join('\n')
}

function nodeItem(n: GraphNode): NodeItem {
  return { id: n.id, data: { nk: n.kind, nl: n.label, nt: n.type, nw: n.weight } }
}

function edgeItem(e: GraphEdge): EdgeItem {
  return { id: e.id, source: e.source, target: e.target, undirected: e.kind === 'connected', data: { ek: e.kind, ew: e.weight } }
}

function dataXml(data: Data): string {
  return Object.entries(data)
    .map(([key, value]) => (value === null || value === undefined ? '' : `<data key="${key}">${escapeXml(String(value))}</data>`))
    .join('')
}
