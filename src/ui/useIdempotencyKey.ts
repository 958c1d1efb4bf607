import { useState } from 'react';

// Every money-moving request (an order, a close, a cancel, a deposit, a withdrawal) carries
// a name the client chose before sending it, so the server can answer a repeat with the
// first result instead of acting twice. The name belongs to the user's intent, not to one
// tap or one opening of a confirmation: see useIdempotencyKey.

/** A fresh key matching the contract's /^[A-Za-z0-9_.:-]{8,128}$/. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a phone on the LAN over
  // plain http still has getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The same details give the same text whatever order their fields were written in; bigints
 * (paise) are allowed, which JSON.stringify alone refuses.
 */
export function fingerprintOf(details: unknown): string {
  return JSON.stringify(details, (_name, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
    }
    return value;
  });
}

export type IntentKey = {
  /**
   * The key for a request with these details: the unsettled key when the details are the
   * ones it was made for, a new key otherwise (a changed detail is a new intent).
   */
  keyFor: (details: unknown) => string;
  /** The server answered (success or refusal): the next attempt, even with the same details, is a new intent. */
  settle: () => void;
};

/**
 * Names a money-moving request once, when the user first confirms it, and keeps that name
 * for as long as its outcome is unknown. A retry in the open confirmation, or a dismiss and
 * a second confirmation with exactly the same details after a lost answer (timeout,
 * network), sends the same key, so the server acts once however often the user tries.
 * Once the server has answered, success or refusal, the screen calls `settle()`.
 */
export function createIntentKey(): IntentKey {
  let unsettled: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(details) {
      const fingerprint = fingerprintOf(details);
      if (unsettled?.fingerprint === fingerprint) return unsettled.key;
      unsettled = { fingerprint, key: newIdempotencyKey() };
      return unsettled.key;
    },
    settle() {
      unsettled = null;
    },
  };
}

/** One intent key per mounted screen (or per button): see createIntentKey. */
export function useIdempotencyKey(): IntentKey {
  return useState(createIntentKey)[0];
}
