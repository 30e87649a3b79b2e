import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';

export function artistsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
