import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { clientAddress } from './auth.node.ts';

const request = (socket: string, forwarded?: string | string[]) =>
  ({
    socket: { remoteAddress: socket },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('client address for the per-IP rate limits (TRUST_PROXY)', () => {
  it('is the socket address without trusted proxies, whatever the header says', () => {
    expect(clientAddress(request('10.0.0.9', '203.0.113.7'), 0)).toBe('10.0.0.9');
    expect(clientAddress(request('10.0.0.9'), 2)).toBe('10.0.0.9');
  });

  it('takes the address the nearest trusted proxy saw, not what the client wrote', () => {
    // The shopper forged "1.2.3.4"; the load balancer appended the real peer 203.0.113.7.
    const forged = request('10.0.0.2', '1.2.3.4, 203.0.113.7');
    expect(clientAddress(forged, 1)).toBe('203.0.113.7');
    // Storefront (10.0.0.2) behind a load balancer (10.0.0.1): two trusted hops.
    const twoHops = request('10.0.0.2', ['1.2.3.4, 203.0.113.7', '10.0.0.1']);
    expect(clientAddress(twoHops, 2)).toBe('203.0.113.7');
    // More hops than entries: the leftmost address there is.
    expect(clientAddress(request('10.0.0.2', '203.0.113.7'), 5)).toBe('203.0.113.7');
  });

  it('reads TRUST_PROXY as a hop count, 0 by default', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxyHops).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
