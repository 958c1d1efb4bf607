import { z } from 'zod';

// The spec leaves the type of `type` open: clients send it as a number or a string.
export const watchlistRequest = z.object({ type: z.union([z.string().max(32, 'invalid_field'), z.number().int().transform(String)], 'invalid_field').optional() });
export const watchlistResponse = z.array(z.object({ symbol: z.string() }));
