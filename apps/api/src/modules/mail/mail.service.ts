/**
 * Outgoing e-mail (password reset, order confirmation), built and sent by Nodemailer (issue 22:
 * no hand-built MIME). With SMTP_URL the messages go out through one pooled SMTP transport per
 * URL, created once; without it every message is written by Nodemailer's stream transport as
 * an RFC 5322 `.eml` file into MAIL_OUTBOX_DIR (default ./data/outbox), where a relay, an
 * operator or a test picks it up ({@link readOutbox}).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { SellerIdentity } from '../../seller.ts';

/** One message. */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  subject: string;
  /** Plain-text body (always sent). */
  text: string;
  /** Optional HTML alternative. */
  html?: string;
  /**
   * Message-ID without angle brackets (`local@host`); default a random one. A job's retry sends
   * the same id, so a receiver can fold a duplicate (issue 15, modules/jobs/handlers.ts).
   */
  messageId?: string;
}

/** Where and as whom to send. */
export interface MailOptions {
  /** The outbox folder (config `mail.outboxDir`). */
  outboxDir: string;
  /** Display name of the sender, e.g. the shop's name. */
  fromName: string;
  /** Sender address; default `no-reply@<host of publicUrl>`. */
  fromAddress?: string;
  /**
   * SMTP server (config `mail.smtpUrl`, env SMTP_URL), e.g. `smtp://user:pass@host:587`: when
   * set, messages go out through Nodemailer instead of the file outbox.
   */
  smtpUrl?: string | undefined;
  /** The shop's public address (config PUBLIC_URL) for the links of the mail templates. */
  shopUrl?: string | undefined;
  /** The seller for the templates' footer (config `seller`, issue 40 §2). */
  seller?: SellerIdentity | undefined;
}

/** A written or sent message. */
export interface SentMail {
  /** The Message-ID as sent (with angle brackets). */
  messageId: string;
  /** Path of the `.eml` file; "" when the message went out through SMTP. */
  path: string;
}

/** Nodemailer's MIME builder for the outbox: the whole message as a buffer, CRLF line ends. */
const outboxTransport = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: 'windows',
});

/** One pooled SMTP transport per SMTP_URL, created on first use and kept (issue 22). */
const smtpTransports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = smtpTransports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({ url, pool: true } as SMTPPool.Options);
    smtpTransports.set(url, transport);
  }
  return transport;
}

/** Closes the pooled SMTP connections (a stopping process); the next send opens new ones. */
export function closeMailTransports(): void {
  for (const transport of smtpTransports.values()) transport.close();
  smtpTransports.clear();
}

function safeAddress(address: string): string {
  if (/[\r\n<>]/.test(address)) throw new Error('Invalid e-mail address');
  return address.trim();
}

/**
 * Sends a message: through the pooled SMTP transport of `options.smtpUrl` when set, else
 * written to the outbox folder as one RFC 5322 `.eml` file built by Nodemailer (UTF-8; text and
 * HTML as multipart/alternative; headers with non-ASCII letters RFC 2047-encoded).
 * @throws Error for an address with line breaks or angle brackets, when the folder is not
 *   writable, or the SMTP server's refusal
 */
export async function sendMail(options: MailOptions, message: MailMessage): Promise<SentMail> {
  const mail = {
    from: {
      name: options.fromName,
      address: safeAddress(options.fromAddress ?? 'no-reply@localhost'),
    },
    to: safeAddress(message.to),
    subject: message.subject,
    messageId: `<${message.messageId ? safeAddress(message.messageId) : `${randomUUID()}@trampa`}>`,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
  };
  if (options.smtpUrl) {
    const info = await smtpTransport(options.smtpUrl).sendMail(mail);
    return { messageId: String(info.messageId), path: '' };
  }
  const info = await outboxTransport.sendMail(mail);
  await mkdir(options.outboxDir, { recursive: true });
  const path = join(options.outboxDir, `${Date.now()}-${randomUUID()}.eml`);
  await writeFile(path, info.message as Buffer);
  return { messageId: String(info.messageId), path };
}

/** Decodes a quoted-printable or base64 body to UTF-8 text with LF line ends. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
  }
  if (encoding !== 'quoted-printable') return body.replace(/\r\n/g, '\n');
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/**
 * A raw `.eml` as text to read: the headers as written, then every part's body decoded from
 * its Content-Transfer-Encoding (tests and operators search the text, not the encoding).
 */
export function readableMail(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const decodePart = (part: string): string => {
    const [partHead = '', ...partBody] = part.split(/\r?\n\r?\n/);
    const encoding =
      /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(partHead)?.[1]?.toLowerCase() ?? '';
    return `${partHead}\n\n${decodeBody(partBody.join('\r\n\r\n'), encoding)}`;
  };
  if (!boundary) return decodePart(raw);
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => decodePart(part.replace(/^\r?\n/, '')));
  return [head, ...parts].join('\n\n');
}

/**
 * The messages in the outbox addressed to `to`, oldest first (tests, operators).
 * @returns the messages as text: headers as written, bodies decoded ({@link readableMail})
 */
export async function readOutbox(outboxDir: string, to: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const texts = await Promise.all(names.map((name) => readFile(join(outboxDir, name), 'utf8')));
  const wanted = to.trim().toLowerCase();
  return texts
    .filter((text) => {
      const header = /^To:\s*(.*)$/im.exec(text.split(/\r?\n\r?\n/, 1)[0] ?? '')?.[1] ?? '';
      return header.toLowerCase().replace(/[<>\s]/g, '') === wanted;
    })
    .map(readableMail);
}

/**
 * The mail options of a configuration: the outbox folder or SMTP_URL, the shop's name as the
 * sender, `no-reply@<host of PUBLIC_URL>` as its address and PUBLIC_URL for the templates' links.
 */
export function mailOptionsFromConfig(config: {
  mail: { outboxDir: string; smtpUrl?: string | undefined };
  shopName: string;
  publicUrl: string;
  seller?: SellerIdentity;
}): MailOptions {
  return {
    outboxDir: config.mail.outboxDir,
    smtpUrl: config.mail.smtpUrl,
    fromName: config.shopName,
    fromAddress: `no-reply@${new URL(config.publicUrl).hostname}`,
    shopUrl: config.publicUrl,
    seller: config.seller,
  };
}
