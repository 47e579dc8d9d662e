/**
 * Client-side password hashing (SPEC §5, DESIGN §4): the plain-text password never leaves the
 * browser or the CLI; both send `sha512Hex(password)`.
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * SHA-512 of the UTF-8 encoding of `text`, as 128 lowercase hex characters. Uses WebCrypto
 * (`globalThis.crypto.subtle`), present in browsers (secure contexts) and in Node 20.
 */
export async function sha512Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error("WebCrypto (crypto.subtle) is not available in this context");
  const digest = await subtle.digest("SHA-512", new TextEncoder().encode(text));
  let hex = "";
  for (const byte of new Uint8Array(digest)) hex += HEX[byte];
  return hex;
}
