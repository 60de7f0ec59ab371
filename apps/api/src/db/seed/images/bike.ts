/** Seed product images: the bicycles, one shape per bike kind (see ./render.ts). */
import type { ProductKind } from './product-kinds.ts';
import {
  r1,
  pt,
  lerp,
  tint,
  INK,
  STEEL,
  STEEL_DARK,
  RUBBER,
  line,
  path,
  circle,
  arc,
  type Point,
  type Paint,
} from './svg-kit.ts';

/* Bikes ------------------------------------------------------------------------------------ */

/** The geometry and equipment of a drawn bike (points in the 800x800 frame). */
export interface BikeShape {
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

/** A bike of `shape` in `paint`: SVG elements in the 800x800 frame. */
export function bikeSvg(shape: BikeShape, paint: Paint): string {
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
/** The shape of a bike of `kind`; `productId` varies the details. */
export function bikeShape(kind: ProductKind, productId: number): BikeShape {
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
