export * from './api.ts';
export * from './accounts.ts';
export * from './envelope.ts';
export * from './market.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './siteConfig.ts';
export * from './watchlist.ts';
