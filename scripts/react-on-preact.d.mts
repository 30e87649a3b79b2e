// Types of what scripts/react-on-preact.mjs exports, for vite.config.ts and vitest.config.ts.
export declare const reactOnPreact: Record<string, string>;
export declare const reactOnPreactAliases: { find: RegExp; replacement: string }[];
