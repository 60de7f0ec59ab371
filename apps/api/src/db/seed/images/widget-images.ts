/**
 * The seed's widget images (issue 16): flat SVG illustrations for the start page's hero (drawn by
 * ralph; Trampa's own hero has inline art) and campaign banners. The seed stores them as image files (modules/media), which the shop serves at
 * `/img/pagewidget/{folder}/{fileName}` (GEINS-API §1); the shop itself draws nothing. The seed
 * has no photographs; a real shop uploads its images through the back office later.
 * Pure: no database, no network.
 */
import { SEED_IMAGE_TYPE } from './render.ts';

/** A bicycle drawn with its wheels' centres at (x, 470) and (x + 260, 470). */
function bike(x: number, colour: string): string {
  const r = 78;
  return `<g fill="none" stroke="${colour}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">
<circle cx="${x}" cy="470" r="${r}"/><circle cx="${x + 260}" cy="470" r="${r}"/>
<path d="M${x} 470 L${x + 90} 350 L${x + 225} 350 L${x + 260} 470 M${x + 90} 350 L${x + 125} 472 L${x + 225} 350 M${x} 470 L${x + 125} 472 M${x + 75} 322 L${x + 115} 322 M${x + 90} 350 L${x + 84} 322 M${x + 225} 350 L${x + 214} 305 L${x + 248} 296"/>
<rect x="${x + 100}" y="380" width="60" height="30" rx="8" fill="${colour}"/></g>`;
}

const IMAGES: Record<string, string> = {
  // The start page hero as ralph draws it (full width, white text on its left half).
  'hero-cykel.svg': `<rect width="1200" height="600" fill="#3b0857"/>
<circle cx="880" cy="260" r="190" fill="#f2b84b"/>
<path d="M0 520 C300 440 700 450 1200 490 L1200 600 L0 600 Z" fill="#2a1140"/>${bike(700, '#f3eef6')}`,
  'kampanj-elcykel.svg': `<rect width="1200" height="600" fill="#2a1140"/>
<circle cx="930" cy="190" r="120" fill="#f2b84b"/>
<g fill="#3d1c57">${[0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<rect x="${40 + i * 190}" y="${150 + (i % 3) * 40}" width="150" height="${450 - (i % 3) * 40}"/>`,
    )
    .join('')}</g>
<rect y="548" width="1200" height="52" fill="#1a0a28"/>${bike(430, '#f3eef6')}`,
  'kampanj-tillbehor.svg': `<rect width="1200" height="600" fill="#f4edf8"/>
<rect y="470" width="1200" height="130" fill="#e6d5f0"/>
<path d="M330 470 C330 300 470 240 560 240 C690 240 780 330 780 470 Z" fill="#510c76"/>
<path d="M400 300 L470 270 M520 250 L600 250 M660 270 L720 310" stroke="#f4edf8" stroke-width="18" stroke-linecap="round"/>
<rect x="300" y="462" width="510" height="22" rx="11" fill="#3b0857"/>
<rect x="880" y="380" width="120" height="90" rx="18" fill="#26282b"/>
<circle cx="1000" cy="425" r="36" fill="#f2b84b"/>
<path d="M1040 400 L1130 370 M1040 425 L1140 425 M1040 450 L1130 480" stroke="#f2b84b" stroke-width="10" stroke-linecap="round"/>`,
};

/** The SVG of a seeded widget image, or null for an unknown file name. */
function renderWidgetImageSvg(fileName: string): string | null {
  const body = IMAGES[fileName];
  if (!body) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" width="1200" height="600">${body}</svg>`;
}

/** Every seeded widget image as an image file to store (SVG). */
export function seedWidgetImages(): Array<{ fileName: string; contentType: string; body: Buffer }> {
  return Object.keys(IMAGES).map((fileName) => ({
    fileName,
    contentType: SEED_IMAGE_TYPE,
    body: Buffer.from(renderWidgetImageSvg(fileName)!, 'utf8'),
  }));
}
