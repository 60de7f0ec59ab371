import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readableMail, readOutbox, sendMail } from './mail.service.ts';

describe('the outbox (Nodemailer builds the MIME, issue 22)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trampa-mail-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const options = { outboxDir: dir, fromName: 'Cykel Åre', fromAddress: 'no-reply@shop.example' };

  it('writes one RFC 5322 message with text and HTML; readOutbox decodes it', async () => {
    const sent = await sendMail(options, {
      to: 'Åsa@Example.se'.replace('Å', 'a'),
      subject: 'Orderbekräftelse 12 – Cykel Åre',
      text: `Hej Åsa!\nLänk: https://shop.example/r?resetKey=K1-${'x'.repeat(90)}`,
      html: '<p>Hej Åsa</p>',
      messageId: 'order-confirmation.12@shop.example',
    });
    expect(sent.messageId).toBe('<order-confirmation.12@shop.example>');
    const raw = readFileSync(sent.path, 'utf8');
    expect(raw).toContain('Message-ID: <order-confirmation.12@shop.example>');
    expect(raw).toContain('Content-Type: multipart/alternative');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?Orderbekr=C3=A4ftelse/m);
    expect(raw).toMatch(/^From: =\?UTF-8\?Q\?Cykel_=C3=85re\?= <no-reply@shop\.example>/m);
    const [mail, other] = await readOutbox(dir, 'asa@example.se');
    expect(other).toBeUndefined();
    expect(mail).toContain('Hej Åsa!');
    expect(mail).toContain(`resetKey=K1-${'x'.repeat(90)}`);
    expect(mail).toContain('<p>Hej Åsa</p>');
    expect(await readOutbox(dir, 'bertil@example.se')).toEqual([]);
  });

  it('refuses header injection in an address and writes nothing', async () => {
    const before = readdirSync(dir).length;
    await expect(
      sendMail(options, { to: 'a@example.se\r\nBcc: x@example.se', subject: 's', text: 't' }),
    ).rejects.toThrow('Invalid e-mail address');
    expect(readdirSync(dir)).toHaveLength(before);
  });

  it('reads a base64 part and a plain message', () => {
    const b64 = Buffer.from('Hej Åsa!\r\n', 'utf8').toString('base64');
    expect(
      readableMail(`To: a@b.se\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64}\r\n`),
    ).toContain('Hej Åsa!');
    expect(readableMail('To: a@b.se\r\n\r\nHej\r\n')).toContain('Hej\n');
  });
});
