import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.server';
import { AddToCartDocument, CartDocument } from './generated';
import { defaultMarket } from '../market/request-market';

/** An in-process transport that records the variables of every request. */
function recordingClient() {
  const sent: Array<Record<string, unknown>> = [];
  const api = createApiClient({
    apiKey: 'test-key',
    market: { ...defaultMarket, checkoutMarketId: 'fi' },
    transport: {
      kind: 'in-process',
      fetch: async (request) => {
        const body = (await request.json()) as { variables: Record<string, unknown> };
        sent.push(body.variables);
        return Response.json({ data: { getCart: null } });
      },
    },
  });
  return { api, sent };
}

describe('api client market', () => {
  it('sends the browsing market, and the given market through forMarket (checkout routes)', async () => {
    const { api, sent } = recordingClient();
    await api.attempt(CartDocument, { id: 'c1' });
    await api.forMarket('fi').attempt(CartDocument, { id: 'c1' });
    expect(sent.map((v) => [v.marketId, v.channelId, v.languageId])).toEqual([
      ['se', '1|se', 'sv-SE'],
      ['fi', '1|se', 'sv-SE'],
    ]);
    expect(api.forMarket('se')).toBe(api);
  });
});

describe('api client reads within one request (issue 23)', () => {
  it('sends a query repeated with the same variables once, and again after a mutation', async () => {
    const { api, sent } = recordingClient();
    const [first, second] = await Promise.all([
      api.query(CartDocument, { id: 'c1' }),
      api.query(CartDocument, { id: 'c1' }),
    ]);
    expect(second).toBe(first);
    await api.query(CartDocument, { id: 'c2' });
    expect(sent.map((v) => v.id)).toEqual(['c1', 'c2']);
    await api.mutate(AddToCartDocument, { id: 'c1', item: { skuId: 1, quantity: 1 } } as never);
    await api.query(CartDocument, { id: 'c1' });
    expect(sent.map((v) => v.id)).toEqual(['c1', 'c2', 'c1', 'c1']);
  });

  it('sends a failed query again', async () => {
    let calls = 0;
    const api = createApiClient({
      apiKey: 'test-key',
      market: defaultMarket,
      transport: {
        kind: 'in-process',
        fetch: async () => {
          calls += 1;
          return calls === 1
            ? new Response('unavailable', { status: 503 })
            : Response.json({ data: { getCart: null } });
        },
      },
    });
    await expect(api.query(CartDocument, { id: 'c1' })).rejects.toBeInstanceOf(Response);
    await expect(api.query(CartDocument, { id: 'c1' })).resolves.toEqual({ getCart: null });
    expect(calls).toBe(2);
  });
});

describe("api client and the shopper's address (issue 13 §6)", () => {
  it('passes the address in-process, also through forMarket', async () => {
    const seen: Array<string | undefined> = [];
    const api = createApiClient({
      apiKey: 'test-key',
      market: defaultMarket,
      clientIp: '203.0.113.7',
      transport: {
        kind: 'in-process',
        fetch: async (_request, info) => {
          seen.push(info?.clientIp);
          return Response.json({ data: { getCart: null } });
        },
      },
    });
    await api.attempt(CartDocument, { id: 'c1' });
    await api.forMarket('fi').attempt(CartDocument, { id: 'c1' });
    expect(seen).toEqual(['203.0.113.7', '203.0.113.7']);
  });

  it('sends it as X-Forwarded-For over HTTP', async () => {
    const { createServer } = await import('node:http');
    const headers: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      headers.push(req.headers['x-forwarded-for'] as string | undefined);
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: { getCart: null } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const api = createApiClient({
        apiKey: 'test-key',
        market: defaultMarket,
        clientIp: '198.51.100.9',
        transport: { kind: 'http', url: `http://127.0.0.1:${port}/graphql` },
      });
      await api.attempt(CartDocument, { id: 'c1' });
      expect(headers).toEqual(['198.51.100.9']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
