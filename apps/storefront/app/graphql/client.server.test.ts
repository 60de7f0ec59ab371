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
