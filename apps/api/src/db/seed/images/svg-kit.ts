/** Drawing primitives of the seed's product images: points, colours, paint, SVG elements. */
import type { PaletteColour } from './product-kinds.ts';

export type Point = readonly [number, number];

/** Rounds to at most one decimal so the SVG stays small. */
export const r1 = (value: number): string => String(Math.round(value * 10) / 10);
export const pt = (p: Point): string => `${r1(p[0])} ${r1(p[1])}`;
export const lerp = (a: Point, b: Point, t: number): Point => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/** Mixes a hex colour with white (`amount` 0..1 of white). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    return Math.round(c + (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Relative lightness 0..1 of a hex colour. */
export function lightness(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

/** Colours a drawing uses: main, shade, outline (for light colours) and accents. */
export interface Paint {
  main: string;
  shade: string;
  /** Stroke around filled shapes: the shade for light colours, otherwise none. */
  edge: string;
  light: boolean;
}

export function paintOf(colour: PaletteColour): Paint {
  const light = lightness(colour.hex) > 0.72;
  return {
    main: colour.hex,
    shade: colour.shade,
    edge: light ? ` stroke="${colour.shade}" stroke-width="4"` : '',
    light,
  };
}

export const INK = '#23262a';
export const STEEL = '#b9bec3';
export const STEEL_DARK = '#7f868c';
export const RUBBER = '#2b2d30';

export function line(a: Point, b: Point, stroke: string, width: number, extra = ''): string {
  return `<path d="M${pt(a)}L${pt(b)}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" fill="none"${extra}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

export function circle(c: Point, radius: number, fill: string, extra = ''): string {
  return `<circle cx="${r1(c[0])}" cy="${r1(c[1])}" r="${r1(radius)}" fill="${fill}"${extra}/>`;
}

/** An SVG arc path around `c` from angle `from` to `to` (degrees, clockwise). */
export function arc(c: Point, radius: number, from: number, to: number): string {
  const a = (from * Math.PI) / 180;
  const b = (to * Math.PI) / 180;
  const p1: Point = [c[0] + Math.cos(a) * radius, c[1] + Math.sin(a) * radius];
  const p2: Point = [c[0] + Math.cos(b) * radius, c[1] + Math.sin(b) * radius];
  return `M${pt(p1)}A${r1(radius)} ${r1(radius)} 0 0 1 ${pt(p2)}`;
}
