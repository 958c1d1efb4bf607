import { z } from 'zod';

export const watchlistRequest = z.object({ type: z.string().max(32, 'invalid_field').optional() });
export const watchlistResponse = z.array(z.object({ symbol: z.string() }));
