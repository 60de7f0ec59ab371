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
    ]);
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
