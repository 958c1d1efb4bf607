import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import bs58check from 'bs58check';
import type { z } from 'zod';
import type { walletAddressRequest, walletAddressResponse, walletTypes } from '../../contract/funding.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// The user's USDT address, one per user (saving another replaces it). Each network's
// address is checked by its own rule before it is stored: a typo would send money nowhere.

type WalletType = (typeof walletTypes)[number];
export type WalletAddressForm = z.output<typeof walletAddressRequest>;
export type WalletAddress = z.infer<typeof walletAddressResponse>;

/** Tron mainnet addresses are the version byte 0x41 and a 20-byte account, base58check-encoded ("T…"). */
const tronVersionByte = 0x41;
const tronPayloadBytes = 21;

export function isTronAddress(address: string): boolean {
  if (!address.startsWith('T')) return false;
  const payload = bs58check.decodeUnsafe(address);
  return payload !== undefined && payload.length === tronPayloadBytes && payload[0] === tronVersionByte;
}

/**
 * "0x" and 40 hex digits. All lower or all upper case carries no checksum; mixed case is
 * EIP-55, where each letter's case is set by the keccak-256 hash of the lower-case address.
 */
export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex.toLowerCase())));
  return [...hex].every((character, index) => {
    if (!/[a-fA-F]/.test(character)) return true;
    const upper = Number.parseInt(hash[index]!, 16) >= 8;
    return upper ? character === character.toUpperCase() : character === character.toLowerCase();
  });
}

const validators: Record<WalletType, (address: string) => boolean> = {
  'USDT-TRC20': isTronAddress,
  'USDT-ERC20': isEthereumAddress,
};

const toWire = (row: { type: WalletType; address: string; updated_at: Date } | undefined): WalletAddress =>
  row ? { type: row.type, address: row.address, updated_at: new Date(row.updated_at).toISOString() } : null;

export async function walletAddressOf(sql: Sql, userId: bigint): Promise<WalletAddress> {
  const [row] = await sql.query<{ type: WalletType; address: string; updated_at: Date }>(
    'SELECT type, address, updated_at FROM wallet_addresses WHERE user_id = $1',
    [userId.toString()],
  );
  return toWire(row);
}

export async function setWalletAddress(sql: Sql, userId: bigint, form: WalletAddressForm): Promise<WalletAddress> {
  if (!validators[form.type](form.address)) refuse('wallet_address_invalid');
  const [row] = await sql.query<{ type: WalletType; address: string; updated_at: Date }>(
    `INSERT INTO wallet_addresses (user_id, type, address) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET type = excluded.type, address = excluded.address, updated_at = now()
     RETURNING type, address, updated_at`,
    [userId.toString(), form.type, form.address],
  );
  return toWire(row);
}
