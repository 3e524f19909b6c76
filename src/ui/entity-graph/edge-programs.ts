/**
 * The entity graph's own sigma edge programs (WebGL), for links that may be curved (edge-lod.ts says when):
 * a link is a quadratic Bézier from its source to its target whose control point sits `curvature` × its
 * length to the left of the straight line (0 draws it straight). Each link is one instance of a fixed strip
 * of SEGMENTS pieces computed in the vertex shader, so curving costs no JavaScript per frame.
 *
 * - EdgeCurveArrowProgram: the link as a band as thick as sigma's own edges (same thickness rules, same
 *   anti-aliased border), with an arrow head at the target, along the curve's end, touching the node's disc.
 * - EdgeCurveLineProgram: the link as a one-pixel line without a head, the cheapest to rasterise, for a
 *   large graph seen from afar.
 *
 * Both draw the link's id colour in sigma's picking pass, so a link can be hovered and clicked.
 */
import { createEdgeCompoundProgram, EdgeProgram, type ProgramInfo } from 'sigma/rendering'
import type { EdgeDisplayData, NodeDisplayData, RenderParams } from 'sigma/types'
import { floatColor } from 'sigma/utils'

/** Pieces a curve is drawn with: enough that a curve of the largest curvature reads smooth. */
const SEGMENTS = 10

/** An edge's display data as this graph gives it (sigma passes every attribute the reducer returns). */
type CurvedEdgeData = EdgeDisplayData & { curvature?: number }

const { FLOAT, UNSIGNED_BYTE } = WebGLRenderingContext

/** Per link: both ends, the curvature, thickness, the target's radius, colour, id. */
const INSTANCE_ATTRIBUTES = [
  { name: 'a_source', size: 2, type: FLOAT },
  { name: 'a_target', size: 2, type: FLOAT },
  { name: 'a_curvature', size: 1, type: FLOAT },
  { name: 'a_thickness', size: 1, type: FLOAT },
  { name: 'a_radius', size: 1, type: FLOAT },
  { name: 'a_color', size: 4, type: UNSIGNED_BYTE, normalized: true },
  { name: 'a_id', size: 4, type: UNSIGNED_BYTE, normalized: true },
]

/** The curve's point and unit tangent at t, shared by the three shaders (graph coordinates). */
const CURVE_GLSL = /* glsl */ `
vec2 control(vec2 s, vec2 t, float curvature) {
  vec2 d = t - s;
  return (s + t) * 0.5 + vec2(-d.y, d.x) * curvature;
}
vec2 bezier(vec2 s, vec2 c, vec2 t, float u) {
  float v = 1.0 - u;
  return v * v * s + 2.0 * v * u * c + u * u * t;
}
vec2 tangent(vec2 s, vec2 c, vec2 t, float u) {
  vec2 d = 2.0 * (1.0 - u) * (c - s) + 2.0 * u * (t - c);
  float l = length(d);
  return l > 0.0 ? d / l : vec2(1.0, 0.0);
}
`

const COLOUR_GLSL = /* glsl */ `
  #ifdef PICKING_MODE
  v_color = a_id;
  #else
  v_color = a_color;
  #endif
  v_color.a *= 255.0 / 254.0;
`

const BAND_VERTEX = /* glsl */ `
attribute vec4 a_id;
attribute vec4 a_color;
attribute vec2 a_source;
attribute vec2 a_target;
attribute float a_curvature;
attribute float a_thickness;
attribute float a_radius;
attribute vec2 a_piece; // (t along the curve, side: -1 or 1)

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_zoomRatio;
uniform float u_pixelRatio;
uniform float u_correctionRatio;
uniform float u_minEdgeThickness;
uniform float u_feather;

varying vec4 v_color;
varying float v_side;
varying float v_thickness;
varying float v_feather;
${CURVE_GLSL}
void main() {
  // Thickness as sigma's own edges: at least u_minEdgeThickness pixels on screen.
  float webGLThickness = max(a_thickness / u_sizeRatio, u_minEdgeThickness) * u_correctionRatio;
  vec2 c = control(a_source, a_target, a_curvature);
  vec2 p = bezier(a_source, c, a_target, a_piece.x);
  vec2 tg = tangent(a_source, c, a_target, a_piece.x);
  vec2 normal = vec2(-tg.y, tg.x);
  gl_Position = vec4((u_matrix * vec3(p + normal * webGLThickness * a_piece.y, 1.0)).xy, 0.0, 1.0);
  v_side = a_piece.y;
  v_thickness = webGLThickness / u_zoomRatio;
  v_feather = u_feather * u_correctionRatio / u_zoomRatio / u_pixelRatio * 2.0;
${COLOUR_GLSL}
}
`

const BAND_FRAGMENT = /* glsl */ `
precision mediump float;
varying vec4 v_color;
varying float v_side;
varying float v_thickness;
varying float v_feather;
void main(void) {
  #ifdef PICKING_MODE
  gl_FragColor = v_color;
  #else
  float dist = abs(v_side) * v_thickness;
  float t = smoothstep(v_thickness - v_feather, v_thickness, dist);
  gl_FragColor = mix(v_color, vec4(0.0), t);
  #endif
}
`

const HEAD_VERTEX = /* glsl */ `
attribute vec4 a_id;
attribute vec4 a_color;
attribute vec2 a_source;
attribute vec2 a_target;
attribute float a_curvature;
attribute float a_thickness;
attribute float a_radius;
attribute vec2 a_corner; // (0,0) the tip; (1,±1) the two corners of the base

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_minEdgeThickness;

varying vec4 v_color;
${CURVE_GLSL}
void main() {
  // Proportions of sigma's own arrow heads.
  float webGLThickness = max(a_thickness / u_sizeRatio, u_minEdgeThickness) * u_correctionRatio;
  float webGLNodeRadius = a_radius * 2.0 * u_correctionRatio / u_sizeRatio;
  float headLength = webGLThickness * 5.0;
  float headWidth = webGLThickness * 2.0;
  vec2 c = control(a_source, a_target, a_curvature);
  vec2 tg = tangent(a_source, c, a_target, 1.0);
  vec2 normal = vec2(-tg.y, tg.x);
  vec2 tip = a_target - tg * webGLNodeRadius;
  vec2 p = tip - tg * headLength * a_corner.x + normal * headWidth * a_corner.y;
  gl_Position = vec4((u_matrix * vec3(p, 1.0)).xy, 0.0, 1.0);
${COLOUR_GLSL}
}
`

const LINE_VERTEX = /* glsl */ `
attribute vec4 a_id;
attribute vec4 a_color;
attribute vec2 a_source;
attribute vec2 a_target;
attribute float a_curvature;
attribute float a_thickness;
attribute float a_radius;
attribute float a_at; // t along the curve

uniform mat3 u_matrix;

varying vec4 v_color;
${CURVE_GLSL}
void main() {
  vec2 c = control(a_source, a_target, a_curvature);
  gl_Position = vec4((u_matrix * vec3(bezier(a_source, c, a_target, a_at), 1.0)).xy, 0.0, 1.0);
${COLOUR_GLSL}
}
`

const FLAT_FRAGMENT = /* glsl */ `
precision mediump float;
varying vec4 v_color;
void main(void) {
  gl_FragColor = v_color;
}
`

/** Two triangles per piece: (t, side) for each of their six corners. */
function bandPieces(): number[][] {
  const out: number[][] = []
  for (let i = 0; i < SEGMENTS; i++) {
    const a = i / SEGMENTS
    const b = (i + 1) / SEGMENTS
    out.push([a, -1], [a, 1], [b, 1], [a, -1], [b, 1], [b, -1])
  }
  return out
}

/** Two ends per piece, drawn as gl.LINES. */
function linePieces(): number[][] {
  const out: number[][] = []
  for (let i = 0; i < SEGMENTS; i++) out.push([i / SEGMENTS], [(i + 1) / SEGMENTS])
  return out
}

type BandUniform = 'u_matrix' | 'u_sizeRatio' | 'u_zoomRatio' | 'u_pixelRatio' | 'u_correctionRatio' | 'u_minEdgeThickness' | 'u_feather'

/** Writes one link's instance attributes (INSTANCE_ATTRIBUTES' order). */
function writeInstance(array: Float32Array, at: number, edgeIndex: number, source: NodeDisplayData, target: NodeDisplayData, data: CurvedEdgeData): void {
  array[at++] = source.x
  array[at++] = source.y
  array[at++] = target.x
  array[at++] = target.y
  array[at++] = data.curvature ?? 0
  array[at++] = data.size || 1
  array[at++] = target.size || 1
  array[at++] = floatColor(data.color)
  array[at++] = edgeIndex
}

class EdgeCurveBandProgram extends EdgeProgram<BandUniform> {
  getDefinition() {
    return {
      VERTICES: SEGMENTS * 6,
      VERTEX_SHADER_SOURCE: BAND_VERTEX,
      FRAGMENT_SHADER_SOURCE: BAND_FRAGMENT,
      METHOD: WebGLRenderingContext.TRIANGLES,
      UNIFORMS: ['u_matrix', 'u_sizeRatio', 'u_zoomRatio', 'u_pixelRatio', 'u_correctionRatio', 'u_minEdgeThickness', 'u_feather'] as const,
      ATTRIBUTES: INSTANCE_ATTRIBUTES,
      CONSTANT_ATTRIBUTES: [{ name: 'a_piece', size: 2, type: FLOAT }],
      CONSTANT_DATA: bandPieces(),
    }
  }

  processVisibleItem(edgeIndex: number, startIndex: number, source: NodeDisplayData, target: NodeDisplayData, data: EdgeDisplayData): void {
    writeInstance(this.array, startIndex, edgeIndex, source, target, data)
  }

  setUniforms(params: RenderParams, { gl, uniformLocations: u }: ProgramInfo<BandUniform>): void {
    gl.uniformMatrix3fv(u.u_matrix, false, params.matrix)
    gl.uniform1f(u.u_sizeRatio, params.sizeRatio)
    gl.uniform1f(u.u_zoomRatio, params.zoomRatio)
    gl.uniform1f(u.u_pixelRatio, params.pixelRatio)
    gl.uniform1f(u.u_correctionRatio, params.correctionRatio)
    gl.uniform1f(u.u_minEdgeThickness, params.minEdgeThickness)
    gl.uniform1f(u.u_feather, params.antiAliasingFeather)
  }
}

type HeadUniform = 'u_matrix' | 'u_sizeRatio' | 'u_correctionRatio' | 'u_minEdgeThickness'

class EdgeCurveHeadProgram extends EdgeProgram<HeadUniform> {
  getDefinition() {
    return {
      VERTICES: 3,
      VERTEX_SHADER_SOURCE: HEAD_VERTEX,
      FRAGMENT_SHADER_SOURCE: FLAT_FRAGMENT,
      METHOD: WebGLRenderingContext.TRIANGLES,
      UNIFORMS: ['u_matrix', 'u_sizeRatio', 'u_correctionRatio', 'u_minEdgeThickness'] as const,
      ATTRIBUTES: INSTANCE_ATTRIBUTES,
      CONSTANT_ATTRIBUTES: [{ name: 'a_corner', size: 2, type: FLOAT }],
      CONSTANT_DATA: [
        [0, 0],
        [1, 1],
        [1, -1],
      ],
    }
  }

  processVisibleItem(edgeIndex: number, startIndex: number, source: NodeDisplayData, target: NodeDisplayData, data: EdgeDisplayData): void {
    writeInstance(this.array, startIndex, edgeIndex, source, target, data)
  }

  setUniforms(params: RenderParams, { gl, uniformLocations: u }: ProgramInfo<HeadUniform>): void {
    gl.uniformMatrix3fv(u.u_matrix, false, params.matrix)
    gl.uniform1f(u.u_sizeRatio, params.sizeRatio)
    gl.uniform1f(u.u_correctionRatio, params.correctionRatio)
    gl.uniform1f(u.u_minEdgeThickness, params.minEdgeThickness)
  }
}

/** A thick link, straight or curved, with its arrow head at the target. */
export const EdgeCurveArrowProgram = createEdgeCompoundProgram([EdgeCurveBandProgram, EdgeCurveHeadProgram])

/** A one-pixel link, straight or curved, without a head. */
export class EdgeCurveLineProgram extends EdgeProgram<'u_matrix'> {
  getDefinition() {
    return {
      VERTICES: SEGMENTS * 2,
      VERTEX_SHADER_SOURCE: LINE_VERTEX,
      FRAGMENT_SHADER_SOURCE: FLAT_FRAGMENT,
      METHOD: WebGLRenderingContext.LINES,
      UNIFORMS: ['u_matrix'] as const,
      ATTRIBUTES: INSTANCE_ATTRIBUTES,
      CONSTANT_ATTRIBUTES: [{ name: 'a_at', size: 1, type: FLOAT }],
      CONSTANT_DATA: linePieces(),
    }
  }

  processVisibleItem(edgeIndex: number, startIndex: number, source: NodeDisplayData, target: NodeDisplayData, data: EdgeDisplayData): void {
    writeInstance(this.array, startIndex, edgeIndex, source, target, data)
  }

  setUniforms(params: RenderParams, { gl, uniformLocations: u }: ProgramInfo<'u_matrix'>): void {
    gl.uniformMatrix3fv(u.u_matrix, false, params.matrix)
  }
}
