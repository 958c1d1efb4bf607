// The client names each order before sending it, so a double tap or a retry after a
// lost answer reaches the server with the same name and makes one order, not two.

/** A fresh key matching the contract's /^[A-Za-z0-9_.:-]{8,128}$/. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a phone on the LAN over
  // plain http still has getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
