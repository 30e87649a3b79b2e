// Types of what scripts/build-server.mjs exports, for its test (scripts/build-server.test.ts).
import type { BuildOptions, Plugin } from 'esbuild';

export declare const external: string[];
export declare const dirnameAllowed: RegExp[];
export declare const noDirnameInBundle: Plugin;
export declare const serverBuildOptions: BuildOptions & { plugins: Plugin[]; external: string[] };
