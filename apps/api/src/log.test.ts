/**
 * Structured logs (issue 15 "Logs"): no secrets or personal data in a log line, the request id
 * of a request in its response header and its log line, the path without its query string.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { capturedLogger } from '../test/log-capture.ts';
import { errorFields, loggedPath, requestIdOf, requestLogging, type LogLevel } from './log.ts';

describe('log redaction (issue 15)', () => {
  it('logs a request with a Bearer token, a cookie and an API key without any of them', () => {
    const { logger, raw } = capturedLogger();
    logger.info(
      {
        req: {
          headers: {
            authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig',
            cookie: 'session=s3cr3t-cookie-value',
            'x-apikey': 'the-api-key-value',
          },
        },
        'set-cookie': 'refresh=another-secret',
        note: 'sent Authorization: Bearer abc.def.ghi-token',
      },
      'incoming',
    );
    const output = raw.join('\n');
    for (const secret of [
      'eyJhbGciOiJIUzI1NiJ9',
      's3cr3t-cookie-value',
      'the-api-key-value',
      'another-secret',
      'abc.def.ghi-token',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('[redacted]');
  });

  it('replaces e-mail addresses and personnummer in messages, values and errors', () => {
    const { logger, raw, lines } = capturedLogger();
    logger.error(
      { orderId: 7, customer: 'anna.svensson@example.se', ssn: '19900101-1234' },
      'Order e-mail to anna.svensson@example.se (199001011234) failed',
    );
    logger.error(
      { err: new Error('duplicate key: Key (email)=(per@example.com) already exists') },
      'Unexpected error',
    );
    const output = raw.join('\n');
    expect(output).not.toMatch(/anna\.svensson|per@example|19900101-?1234/);
    expect(lines[0]).toMatchObject({ orderId: 7, customer: '[email]', ssn: '[personnummer]' });
    expect(lines[1]!.err).toMatchObject({
      type: 'Error',
      message: 'duplicate key: Key (email)=([email]) already exists',
    });
  });

  it('logs the stack of unexpected errors only, and the cause of a wrapped error', () => {
    const cause = new TypeError('x is undefined');
    const wrapped = Object.assign(new Error('Unexpected error.'), { originalError: cause });
    expect(errorFields(new Error('SMTP down'), false)).toEqual({
      type: 'Error',
      message: 'SMTP down',
    });
    expect(errorFields(wrapped, true)).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
      stack: expect.stringContaining('TypeError: x is undefined'),
    });
    expect(errorFields('plain text to anna@example.se', true)).toEqual({
      type: 'string',
      message: 'plain text to [email]',
    });
  });

  it('takes a valid incoming request id and replaces anything else', () => {
    expect(requestIdOf('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    for (const bad of ['', 'has space', 'x'.repeat(129), 'new\nline', '<script>']) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('loggedPath', () => {
  it('drops the query string and redacts the API key of /auth/sign/{apiKey}', () => {
    expect(loggedPath('/auth/sign/the-api-key-value?identity=abc')).toBe('/auth/sign/[redacted]');
    expect(loggedPath('/auth/sign/the-api-key-value')).toBe('/auth/sign/[redacted]');
    expect(loggedPath('/auth/login?x=1')).toBe('/auth/login');
    expect(loggedPath('/c/cyklar?sort=PRICE')).toBe('/c/cyklar');
  });
});

describe('request lines (issue 15)', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function serve(level: LogLevel = 'info') {
    const captured = capturedLogger(level);
    const middleware = requestLogging(captured.logger);
    server = createServer((req, res) =>
      middleware(req, res, () => {
        res.statusCode = 201;
        res.end('ok');
      }),
    );
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { ...captured, url };
  }

  it('writes one line per request with method, path without query, status, duration and id', async () => {
    const { url, lines, raw } = await serve();
    const response = await fetch(`${url}/konto/order?email=anna@example.se&token=t0k3n`, {
      headers: {
        'x-request-id': 'req-42',
        authorization: 'Bearer secret-token',
        cookie: 'a=secret-cookie',
      },
    });
    await response.text();
    await new Promise((done) => setTimeout(done, 50));
    expect(response.headers.get('x-request-id')).toBe('req-42');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      reqId: 'req-42',
      method: 'GET',
      path: '/konto/order',
      status: 201,
    });
    expect(typeof lines[0]!.durationMs).toBe('number');
    expect(raw.join('\n')).not.toMatch(/anna|t0k3n|secret-token|secret-cookie/);
  });

  it('makes an id when the request has none or an invalid one, and logs nothing when silent', async () => {
    const { url, lines } = await serve();
    const response = await fetch(url, { headers: { 'x-request-id': 'bad id' } });
    await response.text();
    await new Promise((done) => setTimeout(done, 50));
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]!.reqId).toBe(id);
    server!.close();
    const quiet = await serve('silent');
    await (await fetch(quiet.url)).text();
    await new Promise((done) => setTimeout(done, 50));
    expect(quiet.lines).toEqual([]);
  });
});
