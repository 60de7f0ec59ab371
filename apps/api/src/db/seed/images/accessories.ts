/** Seed product images: accessories and parts (helmet, lock, lamp, bag, ...; see ./render.ts). */
import {
  r1,
  tint,
  lightness,
  INK,
  STEEL,
  STEEL_DARK,
  RUBBER,
  line,
  path,
  circle,
  arc,
  type Paint,
} from './svg-kit.ts';
import { PRODUCT_COLOURS } from './product-kinds.ts';

/* Accessories ------------------------------------------------------------------------------ */

/** A bicycle helmet from the side. SVG elements in the 800x800 frame. */
export function helmetSvg(paint: Paint, productId: number): string {
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

/** A U-lock (the variant from `productId`). SVG elements in the 800x800 frame. */
export function lockSvg(paint: Paint, productId: number): string {
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

/** A front lamp, or with `rearLight` a rear light. SVG elements in the 800x800 frame. */
export function lampSvg(paint: Paint, productId: number, rearLight: boolean): string {
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

/** A pannier bag. SVG elements in the 800x800 frame. */
export function bagSvg(paint: Paint, productId: number): string {
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

/** A floor pump. SVG elements in the 800x800 frame. */
export function pumpSvg(paint: Paint): string {
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

/** A tyre, head-on or at an `angle`. SVG elements in the 800x800 frame. */
export function tyreSvg(paint: Paint, productId: number, angle: boolean): string {
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

/** An inner tube. SVG elements in the 800x800 frame. */
export function tubeSvg(productId: number): string {
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

/** A cycling jersey, front or `back`. SVG elements in the 800x800 frame. */
export function jerseySvg(paint: Paint, productId: number, back: boolean): string {
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

/** A multi-tool. SVG elements in the 800x800 frame. */
export function toolSvg(paint: Paint, productId: number): string {
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

/** A child seat. SVG elements in the 800x800 frame. */
export function childSeatSvg(paint: Paint): string {
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
