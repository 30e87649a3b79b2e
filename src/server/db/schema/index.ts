export * from './catalog.ts';
export * from './providers.ts';
