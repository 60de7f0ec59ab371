import { describe, expect, it } from 'vitest';
import { pageMeta, shopFromMatches } from './meta';

const shop = { name: 'Trampa', publicUrl: 'https://trampa.example' };

describe('pageMeta', () => {
  it('titles pages "<page> | <shop>" with an absolute canonical link', () => {
    expect(
      pageMeta(shop, { title: 'Cyklar', description: 'Alla cyklar', canonicalPath: '/c/cyklar' }),
    ).toEqual([
      { title: 'Cyklar | Trampa' },
      { name: 'description', content: 'Alla cyklar' },
      { tagName: 'link', rel: 'canonical', href: 'https://trampa.example/c/cyklar' },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: 'Trampa' },
      { property: 'og:title', content: 'Cyklar | Trampa' },
      { property: 'og:url', content: 'https://trampa.example/c/cyklar' },
      { property: 'og:locale', content: 'sv_SE' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: 'Cyklar | Trampa' },
      { property: 'og:description', content: 'Alla cyklar' },
      { name: 'twitter:description', content: 'Alla cyklar' },
      // No image of its own: the shop's default card (public/og-default.png) with its size.
      { property: 'og:image', content: 'https://trampa.example/og-default.png' },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { name: 'twitter:image', content: 'https://trampa.example/og-default.png' },
    ]);
  });

  it('gives page N of a list its own title and description, and shares image and price', () => {
    const meta = pageMeta(shop, {
      title: 'Cyklar',
      description: 'Alla cyklar',
      canonicalPath: '/c/cyklar?page=2',
      page: 2,
      image: '/img/product/800x800/a.jpg',
      ogType: 'product',
      price: { amount: 1299, currency: 'SEK' },
    });
    expect(meta).toContainEqual({ title: 'Cyklar – sida 2 | Trampa' });
    expect(meta).toContainEqual({ name: 'description', content: 'Alla cyklar – sida 2' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://trampa.example/c/cyklar?page=2',
    });
    expect(meta).toContainEqual({
      property: 'og:image',
      content: 'https://trampa.example/img/product/800x800/a.jpg',
    });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(meta.some((m) => 'property' in m && m.property === 'og:image:width')).toBe(false);
    expect(meta).toContainEqual({ property: 'product:price:amount', content: '1299.00' });
    expect(meta).toContainEqual({ property: 'product:price:currency', content: 'SEK' });
    expect(pageMeta(shop, { title: 'Cyklar', page: 1 })).toContainEqual({
      title: 'Cyklar | Trampa',
    });
  });

  it('shares nothing of a noindex page', () => {
    const meta = pageMeta(shop, { title: 'Kassan', canonicalPath: '/kassan', noindex: true });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta.some((m) => 'property' in m)).toBe(false);
  });

  it('keeps a full title and adds prev/next links', () => {
    const meta = pageMeta(shop, {
      title: 'Trampa – cyklar och tillbehör',
      fullTitle: true,
      prevPath: '/c/cyklar',
      nextPath: '/c/cyklar?page=3',
    });
    expect(meta).toContainEqual({ title: 'Trampa – cyklar och tillbehör' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'prev',
      href: 'https://trampa.example/c/cyklar',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'next',
      href: 'https://trampa.example/c/cyklar?page=3',
    });
  });
});

describe('shopFromMatches', () => {
  it('reads the root loader data', () => {
    expect(shopFromMatches([{ id: 'root', loaderData: { shop } }, { id: 'x' }])).toEqual(shop);
    expect(shopFromMatches([{ id: 'x' }])).toBeUndefined();
  });
});
