export * from './auth.ts';
export * from './catalog.ts';
export * from './favorites.ts';
export * from './notifications.ts';
export * from './providers.ts';
export * from './shows.ts';
export * from './trips.ts';
export * from './admin-catalog.ts';
