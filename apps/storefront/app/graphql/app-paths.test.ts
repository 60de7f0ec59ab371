import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.server';
import { apiPagePrefix, toAppPath, toAppPaths } from './app-paths';
import { CartDocument } from './generated';
import { defaultMarket } from '../market/request-market';

describe('page paths from the API as app paths (issue 25)', () => {
  it('removes the market-in-path prefix of the request, nothing else', () => {
    const prefix = apiPagePrefix('se', 'sv');
    expect(prefix).toBe('/se/sv');
    expect(toAppPath(prefix, '/se/sv/p/cyklar/trek-fx')).toBe('/p/cyklar/trek-fx');
    expect(toAppPath(prefix, '/se/sv')).toBe('/');
    expect(toAppPath(prefix, '/c/cyklar')).toBe('/c/cyklar');
    expect(toAppPath(prefix, '/se/svenska/c/x')).toBe('/se/svenska/c/x');
    expect(toAppPath(prefix, 'https://shop.example/se/sv/p/x')).toBe(
      'https://shop.example/se/sv/p/x',
    );
    expect(toAppPath('', '/se/sv/p/x')).toBe('/se/sv/p/x');
  });

  it('rewrites canonicalUrl and breadcrumb url at any depth, and leaves other fields', () => {
    const data = {
      product: {
        canonicalUrl: '/se/sv/p/cyklar/x',
        breadcrumbs: [{ url: '/se/sv/c/cyklar', name: '/se/sv/c/not-a-path-field' }],
        productImages: [{ fileName: 'x-1.jpg' }],
        brand: null,
        channel: { url: 'http://localhost:3000' },
      },
    };
    expect(toAppPaths(data, '/se/sv')).toEqual({
      product: {
        canonicalUrl: '/p/cyklar/x',
        breadcrumbs: [{ url: '/c/cyklar', name: '/se/sv/c/not-a-path-field' }],
        productImages: [{ fileName: 'x-1.jpg' }],
        brand: null,
        channel: { url: 'http://localhost:3000' },
      },
    });
  });

  it('the API client hands loaders app paths, for the browsing and the checkout market', async () => {
    const api = createApiClient({
      apiKey: 'test-key',
      market: { ...defaultMarket, basename: '/se/sv' },
      transport: {
        kind: 'in-process',
        fetch: async (request) => {
          const { variables } = (await request.json()) as { variables: Record<string, string> };
          const prefix = `/${variables.marketId}/sv`;
          return Response.json({
            data: {
              getCart: {
                __typename: 'CartType',
                id: 'c1',
                items: [
                  {
                    __typename: 'CartItemType',
                    product: { __typename: 'ProductType', canonicalUrl: `${prefix}/p/x/y` },
                  },
                ],
              },
            },
          });
        },
      },
    });
    type Seen = { getCart: { items: Array<{ product: { canonicalUrl: string } }> } };
    const browsing = (await api.attempt(CartDocument, { id: 'c1' })).data as unknown as Seen;
    expect(browsing.getCart.items[0]!.product.canonicalUrl).toBe('/p/x/y');
    const checkout = (await api.forMarket('fi').attempt(CartDocument, { id: 'c1' }))
      .data as unknown as Seen;
    expect(checkout.getCart.items[0]!.product.canonicalUrl).toBe('/p/x/y');
  });
});
