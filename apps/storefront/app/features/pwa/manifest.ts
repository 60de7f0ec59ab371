/**
 * The web app manifest (issue 19 PWA; SPEC §1 theme colour #510c76, §1 Swedish UI): served at
 * `/manifest.webmanifest` by server.ts with the configured trade name (SHOP_NAME).
 */

/** Path of the manifest (linked from the root layout). */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** Theme colour of the shop (SPEC §1). */
export const THEME_COLOR = '#510c76';

/** The manifest of a shop called `shopName`. */
export function webManifest(shopName: string) {
  return {
    name: shopName,
    short_name: shopName.length <= 12 ? shopName : shopName.slice(0, 12).trimEnd(),
    description: `${shopName} – cyklar och tillbehör`,
    lang: 'sv',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
