/**
 * The client-side password digest of the Geins clients (GEINS-API §7.3, SPEC §5): the plaintext
 * password followed by a fixed public salt, UTF-8 encoded, hashed with SHA-384 and sent as padded
 * base64 (64 characters). Web Crypto only, so the same function runs in the browser and in Node.
 */

/** A well-formed digest: base64 of 48 bytes, i.e. exactly 64 characters without padding. */
export const PASSWORD_DIGEST_PATTERN = /^[A-Za-z0-9+/]{64}$/;

/** Minimum password length (SPEC §5, §9). Checked on the plaintext, before digesting. */
export const PASSWORD_MIN_LENGTH = 7;

/**
 * base64(SHA-384(password + salt)).
 * @param password the plaintext password as typed
 * @param salt the shop's public salt (config `auth.passwordSalt`, sent to the browser)
 * @returns a 64-character base64 string
 */
export async function passwordDigest(password: string, salt: string): Promise<string> {
  const bytes = new TextEncoder().encode(password + salt);
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-384', bytes));
  let binary = '';
  for (const byte of hash) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** True when `value` looks like a {@link passwordDigest} result. */
export function isPasswordDigest(value: unknown): value is string {
  return typeof value === 'string' && PASSWORD_DIGEST_PATTERN.test(value);
}
