import type { ComponentType } from 'react';

/**
 * A route's `lazy`: loads the page's module on demand and takes its component `name` from it
 * (checked by the type: the module must export a component of that name).
 */
export function page<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}
