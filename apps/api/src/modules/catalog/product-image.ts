/**
 * Generated product images. The seed catalogue has no photographs; each product image file
 * name encodes what to draw (`{kind}_{colour}_{productId}_{n}.svg`, e.g.
 * `elcykel_svart_1042_1.svg`) and this module renders a flat SVG illustration from it.
 * Pure: no database, no network.
 */

/** The product kinds the seed catalogue sells; one per leaf category. */
export const PRODUCT_KINDS = [
  'elcykel',
  'hybridcykel',
  'stadscykel',
  'mountainbike',
  'racercykel',
  'gravelcykel',
  'barncykel',
  'ladcykel',
  'hjalm',
  'las',
  'belysning',
  'cykelvaska',
  'pump',
  'dack',
  'slang',
  'klader',
  'verktyg',
  'barnsits',
] as const;

/** A product kind (`elcykel`, `hjalm`, ...). */
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The bicycle kinds (the rest are accessories and parts). */
export const BIKE_KINDS: readonly ProductKind[] = [
  'elcykel',
  'hybridcykel',
  'stadscykel',
  'mountainbike',
  'racercykel',
  'gravelcykel',
  'barncykel',
  'ladcykel',
];

/** A colour of the fixed palette: Swedish label and the main and shade colours (hex). */
export interface PaletteColour {
  label: string;
  hex: string;
  shade: string;
}

/** The colour palette product images and the `Color` parameter use, keyed by ASCII key. */
export const PRODUCT_COLOURS = {
  svart: { label: 'Svart', hex: '#26282b', shade: '#111214' },
  vit: { label: 'Vit', hex: '#f3f2ee', shade: '#c9c7c0' },
  gra: { label: 'Grå', hex: '#8b9196', shade: '#5f6569' },
  rod: { label: 'Röd', hex: '#c62a2f', shade: '#8e1a1f' },
  bla: { label: 'Blå', hex: '#2563b8', shade: '#17427d' },
  marinbla: { label: 'Marinblå', hex: '#1f2f57', shade: '#121c36' },
  gron: { label: 'Grön', hex: '#2f8a58', shade: '#1d5c3a' },
  olivgron: { label: 'Olivgrön', hex: '#6b7445', shade: '#474e2c' },
  gul: { label: 'Gul', hex: '#f2c230', shade: '#b98f12' },
  orange: { label: 'Orange', hex: '#ee7a25', shade: '#b1561a' },
  rosa: { label: 'Rosa', hex: '#ee9bbb', shade: '#c06a8c' },
  lila: { label: 'Lila', hex: '#7a4fa6', shade: '#533475' },
  turkos: { label: 'Turkos', hex: '#2bb0ad', shade: '#1b7b79' },
  silver: { label: 'Silver', hex: '#c3c8cc', shade: '#8e959b' },
  beige: { label: 'Beige', hex: '#d9c6a3', shade: '#a8946f' },
  brun: { label: 'Brun', hex: '#7b5332', shade: '#52361f' },
} as const satisfies Record<string, PaletteColour>;

/** A palette key (`svart`, `rod`, ...). */
export type ColourKey = keyof typeof PRODUCT_COLOURS;

/** All palette keys in palette order. */
export const COLOUR_KEYS = Object.keys(PRODUCT_COLOURS) as ColourKey[];

/** What a product image file name encodes. */
export interface ProductImageSpec {
  kind: ProductKind;
  colour: ColourKey;
  productId: number;
  /** Image number within the product's gallery, 1..9. */
  n: number;
}

/**
 * The file name of a product image, e.g. `productImageFileName('elcykel', 'svart', 1042, 1)`
 * → `elcykel_svart_1042_1.svg`.
 */
export function productImageFileName(
  kind: ProductKind,
  colour: ColourKey,
  productId: number,
  n: number,
): string {
  return `${kind}_${colour}_${productId}_${n}.svg`;
}

const FILE_NAME = /^([a-z]+)_([a-z]+)_([1-9][0-9]{0,9})_([1-9])\.svg$/;

/** Parses a file name made by {@link productImageFileName}; null for anything else. */
export function parseProductImageFileName(fileName: string): ProductImageSpec | null {
  const match = FILE_NAME.exec(fileName);
  if (!match) return null;
  const [, kind, colour, id, n] = match;
  if (!(PRODUCT_KINDS as readonly string[]).includes(kind ?? '')) return null;
  if (!Object.hasOwn(PRODUCT_COLOURS, colour ?? '')) return null;
  return {
    kind: kind as ProductKind,
    colour: colour as ColourKey,
    productId: Number(id),
    n: Number(n),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Drawing                                                                                      */
/* ------------------------------------------------------------------------------------------ */

type Point = readonly [number, number];

/** Rounds to at most one decimal so the SVG stays small. */
const r1 = (value: number): string => String(Math.round(value * 10) / 10);
const pt = (p: Point): string => `${r1(p[0])} ${r1(p[1])}`;
const lerp = (a: Point, b: Point, t: number): Point => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/** Mixes a hex colour with white (`amount` 0..1 of white). */
function tint(hex: string, amount: number): string {
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
function lightness(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

/** Colours a drawing uses: main, shade, outline (for light colours) and accents. */
interface Paint {
  main: string;
  shade: string;
  /** Stroke around filled shapes: the shade for light colours, otherwise none. */
  edge: string;
  light: boolean;
}

function paintOf(colour: PaletteColour): Paint {
  const light = lightness(colour.hex) > 0.72;
  return {
    main: colour.hex,
    shade: colour.shade,
    edge: light ? ` stroke="${colour.shade}" stroke-width="4"` : '',
    light,
  };
}

const INK = '#23262a';
const STEEL = '#b9bec3';
const STEEL_DARK = '#7f868c';
const RUBBER = '#2b2d30';

function line(a: Point, b: Point, stroke: string, width: number, extra = ''): string {
  return `<path d="M${pt(a)}L${pt(b)}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" fill="none"${extra}/>`;
}

function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

function circle(c: Point, radius: number, fill: string, extra = ''): string {
  return `<circle cx="${r1(c[0])}" cy="${r1(c[1])}" r="${r1(radius)}" fill="${fill}"${extra}/>`;
}

/* Bikes ------------------------------------------------------------------------------------ */

interface BikeShape {
  rear: Point;
  front: Point;
  /** Wheel radius of the rear (and front unless `frontRadius`). */
  radius: number;
  frontRadius?: number;
  /** Tyre thickness. */
  tyre: number;
  knobs?: boolean;
  bb: Point;
  seatTop: Point;
  headTop: Point;
  headBottom: Point;
  saddle: Point;
  bar: 'flat' | 'riser' | 'drop' | 'city';
  stepThrough?: boolean;
  slopingTop?: boolean;
  suspension?: boolean;
  rearShock?: boolean;
  fenders?: boolean;
  rack?: boolean;
  basket?: boolean;
  battery?: boolean;
  midMotor?: boolean;
  chainGuard?: boolean;
  trainingWheels?: boolean;
  bottle?: boolean;
  frameBag?: boolean;
  cargoBox?: boolean;
  lamp?: boolean;
  kickstand?: boolean;
  deepRims?: boolean;
}

function wheel(c: Point, radius: number, tyre: number, knobs: boolean, deepRim: boolean): string {
  const out: string[] = [];
  const rimRadius = radius - tyre - 2;
  let spokes = '';
  for (let i = 0; i < 16; i += 1) {
    const a = (i / 16) * Math.PI * 2 + 0.1;
    const b = a + 0.9;
    spokes += `M${pt([c[0] + Math.cos(a) * 7, c[1] + Math.sin(a) * 7])}L${pt([c[0] + Math.cos(b) * rimRadius, c[1] + Math.sin(b) * rimRadius])}`;
  }
  out.push(`<path d="${spokes}" stroke="#a9aeb3" stroke-width="1.6" fill="none"/>`);
  out.push(
    circle(
      c,
      rimRadius,
      'none',
      ` stroke="${deepRim ? INK : STEEL_DARK}" stroke-width="${deepRim ? 20 : 5}"`,
    ),
  );
  out.push(circle(c, radius - tyre / 2, 'none', ` stroke="${RUBBER}" stroke-width="${tyre}"`));
  if (knobs) {
    out.push(
      circle(c, radius + 1, 'none', ` stroke="${RUBBER}" stroke-width="7" stroke-dasharray="5 7"`),
    );
  }
  out.push(circle(c, 11, '#5d6368'), circle(c, 4, STEEL));
  return out.join('');
}

function arc(c: Point, radius: number, from: number, to: number): string {
  const a = (from * Math.PI) / 180;
  const b = (to * Math.PI) / 180;
  const p1: Point = [c[0] + Math.cos(a) * radius, c[1] + Math.sin(a) * radius];
  const p2: Point = [c[0] + Math.cos(b) * radius, c[1] + Math.sin(b) * radius];
  return `M${pt(p1)}A${r1(radius)} ${r1(radius)} 0 0 1 ${pt(p2)}`;
}

function handlebar(shape: BikeShape, paint: Paint): string {
  const { headTop, bar } = shape;
  const dir: Point = [headTop[0] - shape.headBottom[0], headTop[1] - shape.headBottom[1]];
  const len = Math.hypot(dir[0], dir[1]);
  const up: Point = [dir[0] / len, dir[1] / len];
  const out: string[] = [];
  if (bar === 'drop') {
    const stemTop: Point = [headTop[0] + up[0] * 14, headTop[1] + up[1] * 14];
    const c: Point = [stemTop[0] + 44, stemTop[1] + 4];
    out.push(line(headTop, stemTop, INK, 12), line(stemTop, c, INK, 11));
    out.push(
      `<path d="M${pt(c)}c26 0 44 8 44 34c0 26-14 42-38 44l-14 0" stroke="${INK}" stroke-width="10" stroke-linecap="round" fill="none"/>`,
    );
    out.push(path(`M${r1(c[0] + 18)} ${r1(c[1] - 4)}c10-14 24-12 28 2l-2 26c-8 2-16 0-22-6z`, INK));
    return out.join('');
  }
  if (bar === 'city') {
    const stemTop: Point = [headTop[0] + up[0] * 60, headTop[1] + up[1] * 60];
    out.push(line(headTop, stemTop, STEEL_DARK, 10));
    out.push(
      `<path d="M${pt([stemTop[0] + 14, stemTop[1]])}c-6-26-40-34-78-24" stroke="${STEEL_DARK}" stroke-width="9" stroke-linecap="round" fill="none"/>`,
    );
    out.push(
      line([stemTop[0] - 48, stemTop[1] - 22], [stemTop[0] - 70, stemTop[1] - 18], '#6b4a2f', 15),
    );
    return out.join('') + (paint.light ? '' : '');
  }
  const rise = bar === 'riser' ? 26 : 18;
  const stemTop: Point = [headTop[0] + up[0] * rise, headTop[1] + up[1] * rise];
  const c: Point = [stemTop[0] + 34, stemTop[1] - (bar === 'riser' ? 14 : 4)];
  out.push(line(headTop, stemTop, INK, 12), line(stemTop, c, INK, 11));
  out.push(line(c, [c[0] - 18, c[1] - 6], INK, 16));
  out.push(line([c[0] - 4, c[1] + 2], [c[0] + 30, c[1] + 16], '#4a4f54', 5));
  return out.join('');
}

function bikeSvg(shape: BikeShape, paint: Paint): string {
  const out: string[] = [];
  const frontRadius = shape.frontRadius ?? shape.radius;
  const { rear, front, bb, seatTop, headTop, headBottom } = shape;
  const frame = paint.main;
  const tube = 15;

  if (shape.trainingWheels) {
    const tw: Point = [rear[0] - 20, rear[1] + shape.radius - 34];
    out.push(line(rear, tw, STEEL_DARK, 7), wheel(tw, 34, 9, false, false));
  }
  out.push(wheel(rear, shape.radius, shape.tyre, !!shape.knobs, !!shape.deepRims));
  out.push(wheel(front, frontRadius, shape.tyre, !!shape.knobs, !!shape.deepRims));
  if (shape.fenders) {
    out.push(
      `<path d="${arc(rear, shape.radius + 9, 185, 330)}" stroke="${paint.shade}" stroke-width="9" stroke-linecap="round" fill="none"/>`,
    );
    out.push(
      `<path d="${arc(front, frontRadius + 9, 200, 350)}" stroke="${paint.shade}" stroke-width="9" stroke-linecap="round" fill="none"/>`,
    );
  }
  if (shape.kickstand) {
    const foot = lerp(bb, rear, 0.3);
    out.push(line(foot, [foot[0] - 22, rear[1] + shape.radius - 4], '#4a4f54', 7));
  }

  // Chain and crank
  const ringTop: Point = [bb[0], bb[1] - 27];
  const ringBottom: Point = [bb[0], bb[1] + 27];
  out.push(
    line(ringTop, [rear[0], rear[1] - 11], '#555b60', 3),
    line(ringBottom, [rear[0], rear[1] + 11], '#555b60', 3),
  );

  const seatStayTop = lerp(bb, seatTop, 0.86);
  const tubes: string[] = [];
  tubes.push(
    `M${pt(rear)}L${pt(bb)}`,
    `M${pt(rear)}L${pt(seatStayTop)}`,
    `M${pt(bb)}L${pt(seatTop)}`,
    `M${pt(headBottom)}L${pt(headTop)}`,
  );
  if (shape.stepThrough) {
    const upper = lerp(headTop, headBottom, 0.25);
    const lower = lerp(headTop, headBottom, 0.9);
    tubes.push(
      `M${pt(upper)}C${pt([upper[0] - 110, upper[1] + 40])} ${pt([bb[0] + 30, bb[1] - 120])} ${pt(lerp(bb, seatTop, 0.18))}`,
    );
    tubes.push(`M${pt(lower)}Q${pt([bb[0] + 70, bb[1] - 10])} ${pt(bb)}`);
  } else if (shape.cargoBox) {
    tubes.push(
      `M${pt(bb)}L${pt(headBottom)}`,
      `M${pt(seatTop)}L${pt(lerp(headTop, headBottom, 0.3))}`,
    );
  } else {
    const topStart = shape.slopingTop ? lerp(bb, seatTop, 0.72) : lerp(bb, seatTop, 0.94);
    tubes.push(
      `M${pt(topStart)}L${pt(lerp(headTop, headBottom, 0.15))}`,
      `M${pt(bb)}L${pt(lerp(headTop, headBottom, 0.85))}`,
    );
  }
  const tubePath = tubes.join('');
  if (paint.light) {
    out.push(
      `<path d="${tubePath}" stroke="${paint.shade}" stroke-width="${tube + 5}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  }
  out.push(
    `<path d="${tubePath}" stroke="${frame}" stroke-width="${tube}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
  );
  if (shape.rearShock) {
    const a = lerp(bb, seatTop, 0.45);
    out.push(
      line(a, lerp(headBottom, seatTop, 0.62), STEEL_DARK, 13),
      line(a, lerp(a, lerp(headBottom, seatTop, 0.62), 0.45), '#e0a31a', 16),
    );
  }

  // Fork
  if (shape.suspension) {
    const mid = lerp(headBottom, front, 0.5);
    out.push(line(headBottom, mid, STEEL, 12), line(lerp(headBottom, front, 0.42), front, INK, 18));
    out.push(
      line([headBottom[0] - 14, headBottom[1]], [headBottom[0] + 14, headBottom[1] + 2], INK, 14),
    );
  } else {
    const bend: Point = [front[0] - 6, front[1] - 40];
    out.push(
      `<path d="M${pt(headBottom)}L${pt(bend)}Q${pt([front[0] - 2, front[1] - 16])} ${pt(front)}" stroke="${shape.cargoBox ? INK : frame}" stroke-width="11" stroke-linecap="round" fill="none"/>`,
    );
  }

  if (shape.battery) {
    const from = lerp(bb, headBottom, 0.2);
    const to = lerp(bb, headBottom, 0.78);
    const angle = (Math.atan2(to[1] - from[1], to[0] - from[0]) * 180) / Math.PI;
    const mid = lerp(from, to, 0.5);
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    out.push(
      `<g transform="translate(${pt(mid).replace(' ', ',')}) rotate(${r1(angle)})"><rect x="${r1(-length / 2)}" y="-34" width="${r1(length)}" height="26" rx="10" fill="#33373b"/><rect x="${r1(length / 2 - 30)}" y="-30" width="16" height="6" rx="3" fill="#7ed957"/></g>`,
    );
  }
  if (shape.frameBag) {
    out.push(
      path(
        `M${pt(lerp(seatTop, bb, 0.12))}L${pt(lerp(headTop, headBottom, 0.3))}L${pt(lerp(bb, headBottom, 0.55))}Z`,
        '#3b3f44',
        ` stroke="#3b3f44" stroke-width="10" stroke-linejoin="round"`,
      ),
    );
  }
  if (shape.bottle) {
    const a = lerp(bb, seatTop, 0.2);
    const b = lerp(bb, seatTop, 0.55);
    out.push(
      line([a[0] + 20, a[1]], [b[0] + 20, b[1]], '#e9edf0', 22),
      line([b[0] + 20, b[1]], [b[0] + 18, b[1] - 10], INK, 9),
    );
  }
  if (shape.chainGuard) {
    out.push(line([bb[0] + 6, bb[1] - 36], [rear[0] + 26, rear[1] - 20], paint.shade, 16));
  }
  if (shape.midMotor) out.push(circle(bb, 36, '#33373b'));
  out.push(circle(bb, 27, 'none', ` stroke="#5b6166" stroke-width="6"`), circle(bb, 8, STEEL_DARK));
  const pedal: Point = [bb[0] + 34, bb[1] + 44];
  out.push(
    line(bb, pedal, '#3d4246', 10),
    line([pedal[0] - 14, pedal[1]], [pedal[0] + 14, pedal[1]], INK, 9),
  );

  // Seat
  const saddle = shape.saddle;
  out.push(line(seatTop, [saddle[0] + 2, saddle[1] + 6], STEEL_DARK, 9));
  if (shape.bar === 'city') {
    out.push(
      path(
        `M${r1(saddle[0] - 38)} ${r1(saddle[1])}q0-20 30-20l30 2q16 2 16 14q0 10-18 10l-48 2z`,
        '#4a3322',
      ),
    );
    out.push(
      line([saddle[0] - 22, saddle[1] + 8], [saddle[0] - 22, saddle[1] + 22], STEEL_DARK, 5),
    );
  } else {
    out.push(path(`M${r1(saddle[0] - 40)} ${r1(saddle[1])}q2-13 34-12l42 4q10 2 8 8z`, INK));
  }
  if (shape.rack) {
    const y = rear[1] - shape.radius - 16;
    out.push(
      `<path d="M${r1(rear[0] - 74)} ${r1(y)}H${r1(seatStayTop[0] + 6)}M${r1(rear[0] - 50)} ${r1(y)}L${pt(rear)}M${r1(rear[0] + 10)} ${r1(y)}L${pt(rear)}" stroke="#3d4246" stroke-width="7" stroke-linecap="round" fill="none"/>`,
    );
  }
  if (shape.cargoBox) {
    const x0 = bb[0] + 55;
    const x1 = front[0] - frontRadius - 10;
    const yTop = headBottom[1] - 10;
    const yBottom = bb[1] + 6;
    out.push(line([bb[0], bb[1]], [front[0] - 30, front[1] - 10], INK, 12));
    out.push(
      path(
        `M${r1(x0)} ${r1(yTop)}H${r1(x1)}L${r1(x1 - 16)} ${r1(yBottom)}H${r1(x0 + 12)}Z`,
        paint.main,
        paint.edge,
      ),
    );
    out.push(path(`M${r1(x0)} ${r1(yTop)}H${r1(x1)}v14H${r1(x0)}z`, paint.shade));
    out.push(line([x0 + 24, yTop + 40], [x1 - 30, yTop + 40], tint(paint.main, 0.35), 6));
    out.push(
      `<path d="M${pt([front[0] - 26, front[1] - frontRadius - 40])}L${pt(front)}" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>`,
    );
  }
  out.push(handlebar(shape, paint));
  if (shape.basket) {
    const b: Point = [headTop[0] + 24, headTop[1] + 6];
    out.push(path(`M${pt(b)}h96l-10 78h-76z`, '#c8975a', ` stroke="#9a6e3c" stroke-width="4"`));
    out.push(
      `<path d="M${r1(b[0] + 4)} ${r1(b[1] + 22)}h88M${r1(b[0] + 7)} ${r1(b[1] + 44)}h82M${r1(b[0] + 10)} ${r1(b[1] + 64)}h76" stroke="#9a6e3c" stroke-width="3"/>`,
    );
  }
  if (shape.lamp) {
    const l = lerp(headTop, headBottom, 0.55);
    out.push(
      path(`M${r1(l[0] + 8)} ${r1(l[1] - 10)}h20a10 10 0 0 1 0 20h-20z`, INK),
      circle([l[0] + 30, l[1]], 7, '#fff3b0'),
    );
  }
  return out.join('');
}

/** Frame geometry per bike kind, facing right, inside 800x800. */
function bikeShape(kind: ProductKind, productId: number): BikeShape {
  const base = {
    rear: [190, 520] as Point,
    front: [615, 520] as Point,
    radius: 142,
    tyre: 13,
    bb: [362, 548] as Point,
    seatTop: [306, 362] as Point,
    headTop: [548, 334] as Point,
    headBottom: [566, 392] as Point,
    saddle: [290, 318] as Point,
    bar: 'flat' as BikeShape['bar'],
  };
  switch (kind) {
    case 'racercykel':
      return {
        ...base,
        tyre: 9,
        bar: 'drop',
        headTop: [552, 350],
        headBottom: [566, 398],
        saddle: [285, 300],
        slopingTop: productId % 2 === 0,
        deepRims: productId % 3 === 0,
        bottle: true,
      };
    case 'gravelcykel':
      return {
        ...base,
        tyre: 15,
        knobs: true,
        bar: 'drop',
        headTop: [548, 342],
        headBottom: [565, 396],
        saddle: [288, 306],
        slopingTop: true,
        frameBag: productId % 2 === 0,
        bottle: productId % 2 === 1,
      };
    case 'mountainbike':
      return {
        ...base,
        radius: 148,
        tyre: 22,
        knobs: true,
        bar: 'riser',
        suspension: true,
        rearShock: productId % 2 === 0,
        slopingTop: true,
        headTop: [540, 318],
        headBottom: [560, 376],
        front: [628, 520],
        saddle: [286, 322],
      };
    case 'hybridcykel':
      return {
        ...base,
        tyre: 14,
        slopingTop: productId % 2 === 0,
        fenders: productId % 3 === 0,
        kickstand: true,
      };
    case 'stadscykel':
      return {
        ...base,
        tyre: 14,
        bar: 'city',
        stepThrough: productId % 3 !== 0,
        fenders: true,
        rack: true,
        basket: productId % 2 === 0,
        chainGuard: true,
        lamp: true,
        kickstand: true,
        headTop: [540, 326],
        saddle: [282, 316],
      };
    case 'elcykel':
      return {
        ...base,
        tyre: 16,
        bar: productId % 2 === 0 ? 'city' : 'flat',
        stepThrough: productId % 2 === 0,
        battery: true,
        midMotor: true,
        fenders: true,
        rack: true,
        chainGuard: productId % 2 === 0,
        lamp: true,
        kickstand: true,
      };
    case 'barncykel':
      return {
        rear: [250, 560],
        front: [548, 560],
        radius: 100,
        tyre: 14,
        bb: [372, 578],
        seatTop: [338, 452],
        headTop: [500, 418],
        headBottom: [512, 466],
        saddle: [326, 410],
        bar: 'riser',
        stepThrough: productId % 2 === 0,
        chainGuard: true,
        fenders: true,
        trainingWheels: productId % 3 === 0,
        kickstand: productId % 3 !== 0,
      };
    case 'ladcykel':
      return {
        rear: [160, 540],
        front: [670, 578],
        radius: 128,
        frontRadius: 90,
        tyre: 15,
        bb: [300, 560],
        seatTop: [256, 392],
        headTop: [392, 330],
        headBottom: [404, 420],
        saddle: [242, 350],
        bar: 'city',
        cargoBox: true,
        battery: false,
        midMotor: true,
        fenders: false,
        rack: false,
        chainGuard: true,
        kickstand: false,
      };
    default:
      return base;
  }
}

/* Accessories ------------------------------------------------------------------------------ */

function helmetSvg(paint: Paint, productId: number): string {
  const vents = productId % 3;
  const vent = lightness(paint.main) < 0.3 ? '#6b7176' : '#34373b';
  const out: string[] = [];
  out.push(
    path(
      'M168 478C150 330 290 226 430 228C575 230 660 330 642 462C600 474 548 470 500 466L300 480C250 486 204 492 168 478Z',
      paint.main,
      paint.edge,
    ),
  );
  out.push(
    path(
      'M172 470C190 488 250 486 300 478L500 464C548 468 600 472 640 458L636 478C600 492 548 488 500 484L300 498C240 506 190 504 176 490Z',
      '#ece7dc',
    ),
  );
  const slots = [
    [250, 300, -42],
    [330, 262, -20],
    [420, 250, 0],
    [510, 262, 18],
    [585, 305, 38],
  ];
  for (const [x, y, a] of slots.slice(0, 3 + vents)) {
    out.push(
      `<rect x="-34" y="-13" width="68" height="26" rx="13" fill="${vent}" transform="translate(${x},${y}) rotate(${a})"/>`,
    );
  }
  out.push(
    path(
      'M230 400C300 360 420 350 600 380',
      'none',
      ` stroke="${paint.shade}" stroke-width="10" stroke-linecap="round" opacity=".55"`,
    ),
  );
  if (vents === 0) out.push(`<rect x="150" y="400" width="22" height="48" rx="8" fill="#e0362f"/>`);
  out.push(path('M190 470L170 500C176 520 210 522 224 506Z', INK));
  out.push(line([300, 486], [392, 610], INK, 7), line([520, 472], [404, 610], INK, 7));
  out.push(`<rect x="376" y="598" width="44" height="30" rx="7" fill="${INK}"/>`);
  return out.join('');
}

function lockSvg(paint: Paint, productId: number): string {
  const out: string[] = [];
  out.push(
    path(
      'M262 470V312A138 138 0 0 1 538 312V470',
      'none',
      ` stroke="${STEEL_DARK}" stroke-width="50"`,
    ),
  );
  out.push(
    path('M262 470V312A138 138 0 0 1 538 312V470', 'none', ` stroke="${STEEL}" stroke-width="38"`),
  );
  out.push(
    path(
      'M250 312A150 150 0 0 1 360 180',
      'none',
      ` stroke="#e3e6e8" stroke-width="8" stroke-linecap="round"`,
    ),
  );
  out.push(
    `<rect x="190" y="440" width="420" height="92" rx="46" fill="${paint.main}"${paint.edge}/>`,
  );
  out.push(`<rect x="190" y="440" width="80" height="92" rx="40" fill="${paint.shade}"/>`);
  out.push(`<rect x="530" y="440" width="80" height="92" rx="40" fill="${paint.shade}"/>`);
  out.push(
    `<rect x="290" y="470" width="220" height="12" rx="6" fill="${tint(paint.main, 0.35)}" opacity=".7"/>`,
  );
  out.push(
    circle([570, 486], 20, '#d4d7da'),
    `<rect x="566" y="476" width="8" height="22" rx="3" fill="${INK}"/>`,
  );
  if (productId % 2 === 0) {
    out.push(
      `<g transform="translate(460 610) rotate(-18)"><rect x="0" y="-18" width="60" height="36" rx="14" fill="${INK}"/><path d="M58 -7h70v14h-10v10h-12v-10h-10v10h-12v-10h-26z" fill="${STEEL}"/></g>`,
    );
  }
  return out.join('');
}

function lampSvg(paint: Paint, productId: number, rearLight: boolean): string {
  const out: string[] = [];
  const body = paint.main;
  const lens = rearLight ? '#e0362f' : '#fff6cc';
  if (!rearLight) {
    out.push(`<path d="M560 346L780 250V560L560 454Z" fill="url(#beam)"/>`);
  }
  out.push(`<rect x="250" y="330" width="320" height="140" rx="56" fill="${body}"${paint.edge}/>`);
  out.push(
    `<rect x="250" y="420" width="320" height="50" rx="25" fill="${paint.shade}" opacity=".6"/>`,
  );
  out.push(
    circle([520, 400], 56, '#dcdfe2'),
    circle([520, 400], 44, lens),
    circle([520, 400], 16, rearLight ? '#ff8a80' : '#ffffff'),
  );
  out.push(`<rect x="330" y="312" width="56" height="22" rx="8" fill="${INK}"/>`);
  out.push(`<rect x="360" y="468" width="100" height="56" rx="10" fill="${INK}"/>`);
  out.push(
    circle([410, 560], 34, '#9ba1a6'),
    `<rect x="340" y="516" width="140" height="22" rx="11" fill="#3a3f44"/>`,
  );
  if (productId % 2 === 0)
    out.push(`<rect x="290" y="380" width="140" height="10" rx="5" fill="#7ed957" opacity=".8"/>`);
  return out.join('');
}

function bagSvg(paint: Paint, productId: number): string {
  const out: string[] = [];
  out.push(
    `<rect x="272" y="196" width="36" height="60" rx="10" fill="${INK}"/><rect x="492" y="196" width="36" height="60" rx="10" fill="${INK}"/>`,
  );
  out.push(
    `<rect x="230" y="240" width="340" height="420" rx="46" fill="${paint.main}"${paint.edge}/>`,
  );
  out.push(`<rect x="230" y="240" width="340" height="80" rx="30" fill="${paint.shade}"/>`);
  out.push(`<path d="M246 296h308" stroke="${tint(paint.shade, 0.2)}" stroke-width="6"/>`);
  out.push(line([300, 300], [300, 450], INK, 16), line([500, 300], [500, 450], INK, 16));
  out.push(
    `<rect x="284" y="430" width="32" height="44" rx="6" fill="#55595e"/><rect x="484" y="430" width="32" height="44" rx="6" fill="#55595e"/>`,
  );
  out.push(`<rect x="250" y="540" width="300" height="26" rx="6" fill="#dfe3e6" opacity=".85"/>`);
  if (productId % 2 === 0)
    out.push(
      `<rect x="330" y="360" width="140" height="36" rx="8" fill="${tint(paint.main, 0.3)}" opacity=".8"/>`,
    );
  return out.join('');
}

function pumpSvg(paint: Paint): string {
  const out: string[] = [];
  out.push(
    `<path d="M444 560C540 560 600 520 606 430C610 360 580 310 560 296" stroke="${INK}" stroke-width="11" fill="none" stroke-linecap="round"/>`,
  );
  out.push(
    `<rect x="536" y="262" width="44" height="58" rx="10" fill="${INK}" transform="rotate(-20 558 291)"/>`,
  );
  out.push(`<rect x="220" y="648" width="360" height="34" rx="17" fill="${INK}"/>`);
  out.push(
    `<rect x="366" y="262" width="68" height="400" rx="16" fill="${paint.main}"${paint.edge}/>`,
  );
  out.push(
    `<rect x="402" y="262" width="32" height="400" rx="14" fill="${paint.shade}" opacity=".55"/>`,
  );
  out.push(`<rect x="392" y="206" width="16" height="60" fill="${STEEL}"/>`);
  out.push(`<rect x="270" y="184" width="260" height="38" rx="19" fill="${INK}"/>`);
  out.push(circle([400, 592], 56, '#ffffff', ` stroke="${INK}" stroke-width="9"`));
  out.push(
    `<path d="M362 592a38 38 0 0 1 76 0" stroke="#c9ced2" stroke-width="6" fill="none"/>`,
    line([400, 592], [428, 566], '#d0312d', 5),
    circle([400, 592], 6, INK),
  );
  return out.join('');
}

function tyreSvg(paint: Paint, productId: number, angle: boolean): string {
  const side = paint.main === PRODUCT_COLOURS.svart.hex ? '#3a3d41' : paint.main;
  const body = [
    circle(
      [400, 400],
      262,
      'none',
      ` stroke="${RUBBER}" stroke-width="22" stroke-dasharray="16 10"`,
    ),
    circle([400, 400], 232, 'none', ` stroke="${RUBBER}" stroke-width="46"`),
    circle([400, 400], 196, 'none', ` stroke="${side}" stroke-width="30"`),
    circle([400, 400], 180, 'none', ` stroke="#1b1c1e" stroke-width="6"`),
    `<path d="${arc([400, 400], 196, 200, 250)}" stroke="#f2f2f2" stroke-width="8" fill="none" opacity=".8"/>`,
    `<path d="${arc([400, 400], 196, 20, 48 + (productId % 3) * 6)}" stroke="#f2f2f2" stroke-width="8" fill="none" opacity=".8"/>`,
  ].join('');
  return angle
    ? `<g transform="translate(400 400) scale(0.5 1) translate(-400 -400)">${body}</g>`
    : body;
}

function tubeSvg(productId: number): string {
  const out: string[] = [];
  out.push(circle([400, 390], 220, 'none', ` stroke="${RUBBER}" stroke-width="52"`));
  out.push(
    `<path d="${arc([400, 390], 232, 190, 280)}" stroke="#5a5e63" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="${arc([400, 390], 232, 300, 330)}" stroke="#5a5e63" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  );
  const presta = productId % 2 === 0;
  out.push(
    `<rect x="386" y="${presta ? 470 : 500}" width="28" height="${presta ? 120 : 90}" rx="${presta ? 6 : 10}" fill="${STEEL}"/>`,
  );
  out.push(`<rect x="382" y="${presta ? 456 : 488}" width="36" height="28" rx="8" fill="${INK}"/>`);
  return out.join('');
}

function jerseySvg(paint: Paint, productId: number, back: boolean): string {
  const out: string[] = [];
  out.push(
    path(
      'M340 206Q400 236 460 206L566 238L660 360L584 410L560 376L562 640Q400 668 238 640L240 376L216 410L140 360L234 238Z',
      paint.main,
      paint.edge,
    ),
  );
  out.push(
    path('M240 376L216 410L140 360L156 340L232 392Z', paint.shade),
    path('M560 376L584 410L660 360L644 340L568 392Z', paint.shade),
  );
  out.push(
    path('M240 380L262 640Q248 640 238 640Z', paint.shade),
    path('M560 380L538 640Q552 640 562 640Z', paint.shade),
  );
  const accent = productId % 2 === 0 ? '#ffffff' : paint.light ? INK : tint(paint.main, 0.55);
  out.push(
    `<rect x="241" y="${back ? 430 : 390}" width="318" height="26" fill="${accent}" opacity=".85"/>`,
  );
  out.push(path('M340 206Q400 236 460 206L452 226Q400 252 348 226Z', paint.shade));
  if (back) {
    out.push(
      `<path d="M262 560H538M354 560V630M446 560V630" stroke="${paint.shade}" stroke-width="6" fill="none"/>`,
    );
  } else {
    out.push(
      line([400, 236], [400, 600], '#e8eaec', 5),
      `<rect x="392" y="250" width="16" height="30" rx="4" fill="#9aa0a6"/>`,
    );
  }
  return out.join('');
}

function toolSvg(paint: Paint, productId: number): string {
  const out: string[] = [];
  const count = 5 + (productId % 3);
  for (let i = 0; i < count; i += 1) {
    const angle = -12 - i * (64 / (count - 1));
    const length = 200 + ((i * 37) % 60);
    out.push(
      `<rect x="0" y="-11" width="${length}" height="22" rx="8" fill="${STEEL}" stroke="${STEEL_DARK}" stroke-width="3" transform="translate(286 470) rotate(${r1(angle)})"/>`,
    );
  }
  out.push(
    `<rect x="240" y="432" width="340" height="84" rx="38" fill="${paint.main}"${paint.edge}/>`,
  );
  out.push(`<rect x="262" y="488" width="296" height="14" rx="7" fill="${paint.shade}"/>`);
  out.push(
    circle([286, 472], 20, STEEL_DARK),
    circle([286, 472], 8, INK),
    circle([536, 472], 20, STEEL_DARK),
    circle([536, 472], 8, INK),
  );
  return out.join('');
}

function childSeatSvg(paint: Paint): string {
  const out: string[] = [];
  out.push(
    line([170, 610], [640, 610], '#3d4246', 14),
    line([230, 610], [260, 720], '#3d4246', 10),
    line([580, 610], [540, 720], '#3d4246', 10),
  );
  out.push(
    path(
      'M270 596L254 290Q252 226 318 224L360 226Q408 232 410 286L412 462L560 462Q596 462 598 498L600 532Q586 596 480 598Z',
      paint.main,
      paint.edge,
    ),
  );
  out.push(
    `<rect x="278" y="248" width="104" height="170" rx="36" fill="${paint.shade}" opacity=".55"/>`,
  );
  out.push(`<rect x="300" y="452" width="230" height="40" rx="18" fill="#3a3f44"/>`);
  out.push(
    line([318, 296], [452, 468], '#3a3f44', 9),
    line([352, 300], [466, 466], '#3a3f44', 9),
    `<rect x="440" y="450" width="46" height="36" rx="8" fill="#d9534f"/>`,
  );
  out.push(
    path(
      'M570 530L620 660L660 660',
      'none',
      ` stroke="${paint.shade}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"`,
    ),
  );
  out.push(
    `<ellipse cx="320" cy="520" rx="22" ry="12" fill="${paint.shade}"/><ellipse cx="380" cy="534" rx="22" ry="12" fill="${paint.shade}"/>`,
  );
  return out.join('');
}

/* Composition ------------------------------------------------------------------------------ */

const BACKGROUNDS = ['#f4f2ee', '#eef1f3', '#f3efe8'] as const;

/** Point the close-up (image 3) zooms in on, per kind. */
const FOCUS: Partial<Record<ProductKind, Point>> = {
  elcykel: [420, 470],
  hybridcykel: [520, 380],
  stadscykel: [560, 380],
  mountainbike: [560, 420],
  racercykel: [560, 380],
  gravelcykel: [520, 420],
  barncykel: [430, 500],
  ladcykel: [520, 480],
};

function drawing(spec: ProductImageSpec, paint: Paint): string {
  const { kind, productId, n } = spec;
  switch (kind) {
    case 'hjalm':
      return helmetSvg(paint, productId);
    case 'las':
      return lockSvg(paint, productId + n);
    case 'belysning':
      return lampSvg(paint, productId, n === 2);
    case 'cykelvaska':
      return bagSvg(paint, productId);
    case 'pump':
      return pumpSvg(paint);
    case 'dack':
      return tyreSvg(paint, productId, n === 2);
    case 'slang':
      return tubeSvg(productId);
    case 'klader':
      return jerseySvg(paint, productId, n === 2);
    case 'verktyg':
      return toolSvg(paint, productId);
    case 'barnsits':
      return childSeatSvg(paint);
    default:
      return bikeSvg(bikeShape(kind, productId), paint);
  }
}

/**
 * Renders the SVG illustration for a product image file name (see {@link productImageFileName}),
 * or null when the name is not one this module makes (the server answers 404 then). The result
 * is a complete, self-contained SVG document of a few KB with an 800x800 viewBox: the product
 * kind drawn flat in the product's colour on a light neutral background. Image 1 is the product
 * from the side, image 2 mirrored or another view, image 3 a close-up.
 */
export function renderProductImageSvg(fileName: string): string | null {
  const spec = parseProductImageFileName(fileName);
  if (!spec) return null;
  const paint = paintOf(PRODUCT_COLOURS[spec.colour]);
  const isBike = BIKE_KINDS.includes(spec.kind);
  const variant = (spec.n - 1) % 3;
  const background = BACKGROUNDS[variant] ?? BACKGROUNDS[0];
  const halo =
    spec.colour === 'vit' || spec.colour === 'silver'
      ? '#e4e7ea'
      : tint(spec.colour === 'svart' ? '#8b9196' : paint.main, 0.82);
  let transform = '';
  if (
    variant === 1 &&
    (isBike || spec.kind === 'hjalm' || spec.kind === 'barnsits' || spec.kind === 'pump')
  ) {
    transform = 'translate(800 0) scale(-1 1)';
  } else if (
    variant === 1 &&
    (spec.kind === 'las' ||
      spec.kind === 'cykelvaska' ||
      spec.kind === 'slang' ||
      spec.kind === 'verktyg')
  ) {
    transform = 'translate(400 410) rotate(9) scale(0.94) translate(-400 -410)';
  } else if (variant === 2) {
    const focus = FOCUS[spec.kind] ?? ([400, 420] as Point);
    transform = isBike
      ? `translate(400 400) scale(1.7) translate(${r1(-focus[0])} ${r1(-focus[1])})`
      : 'translate(400 400) rotate(-14) scale(1.12) translate(-400 -400)';
  }
  const haloShape =
    variant === 1
      ? `<rect x="110" y="150" width="580" height="520" rx="120" fill="${halo}"/>`
      : `<circle cx="400" cy="${isBike ? 440 : 420}" r="${isBike ? 320 : 290}" fill="${halo}"/>`;
  const ground =
    variant === 2
      ? ''
      : `<ellipse cx="400" cy="${isBike ? 668 : 700}" rx="${isBike ? 330 : 230}" ry="18" fill="#000" opacity=".08"/>`;
  const defs =
    spec.kind === 'belysning'
      ? '<defs><linearGradient id="beam"><stop offset="0" stop-color="#fff3a6" stop-opacity=".9"/><stop offset="1" stop-color="#fff3a6" stop-opacity="0"/></linearGradient></defs>'
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">${defs}` +
    `<rect width="800" height="800" fill="${background}"/>${haloShape}${ground}` +
    `<g${transform ? ` transform="${transform}"` : ''}>${drawing(spec, paint)}</g></svg>`
  );
}
