import pino, { type DestinationStream, type Logger } from 'pino';

// The server's structured logs. They never hold query parameters or personal data: database
// drivers attach the failing statement's parameters (PGlite: `params`) and a copy of the row
// (PostgreSQL: `detail`, "Failing row contains (…)") to their errors, which may be a PAN, an
// Aadhaar or bank account number, a password hash or a token. The error serializer keeps
// what explains a failure (message, code, constraint, table, stack) and drops those fields,
// at every level of `cause`; session and cookie headers are redacted, and no request body is
// ever logged. The whole test suite's logs are checked for the fixtures' identifiers
// (scripts/check-logs.mjs).

/** Driver error fields that carry values from the statement or the row rather than its shape. */
const valueCarryingErrorFields = ['params', 'parameters', 'query', 'queryOptions', 'detail', 'where', 'internalQuery', 'values', 'body'] as const;

type SerializedError = Record<string, unknown>;

/** pino's error serializer without the fields that carry values. */
export function safeErrorSerializer(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as SerializedError;
  return scrubbed(serialized, 0);
}

function scrubbed(serialized: SerializedError, depth: number): SerializedError {
  const clean: SerializedError = {};
  for (const [key, value] of Object.entries(serialized)) {
    if ((valueCarryingErrorFields as readonly string[]).includes(key)) continue;
    clean[key] = key === 'cause' && value && typeof value === 'object' && depth < 5 ? scrubbed(value as SerializedError, depth + 1) : value;
  }
  return clean;
}

/** Where secrets could sit in what the server logs: the session headers, cookies, any password or token field. */
export const redactedPaths = [
  'req.headers.token',
  'req.headers.account',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  '*.password',
  '*.password2',
  '*.fund_password',
  '*.token',
  '*.id_number',
  '*.account_no',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
  };
  return destination ? pino(options, destination) : pino(options);
}
