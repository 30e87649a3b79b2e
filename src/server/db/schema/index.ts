export * from './catalog.ts';
export * from './providers.ts';
export * from './auth.ts';
export * from './favorites.ts';
