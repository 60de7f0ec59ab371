import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.server';
import { CartDocument } from './generated';
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
