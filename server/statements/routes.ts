import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import type { StatementSigner } from './signing.ts';

export function registerStatementRoutes(app: FastifyInstance, authenticators: Authenticators, signer: StatementSigner): void {
  // Public, and on the about page: a statement checks offline against this key.
  registerCommand(app, authenticators, 'statement/publicKey', async () => ({ public_key_pem: signer.publicKeyPem, fingerprint: signer.fingerprint }));
}
