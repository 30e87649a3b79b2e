import fs from 'node:fs';
import path from 'node:path';
import { type BuildFailure, build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { external, noDirnameInBundle, serverBuildOptions } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const GUARD = 'uses __dirname/__filename, undefined in the ES-module bundle';

/**
 * Issue 28 item 1, ADR 0036: the server bundle's guard against packages that find files through
 * CommonJS __dirname (undefined in ES-module output: the bundled calendar feeds answered 500). The
 * server's own esbuild options, on a tiny entry in a fixture folder with its own node_modules: no
 * full build.
 */
describe('server bundle: packages naming __dirname are refused', () => {
  let dir: string;

  /** Writes a package into the fixture's node_modules. */
  const writePackage = (name: string, source: string) => {
    const folder = path.join(dir, 'node_modules', name);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
    fs.writeFileSync(path.join(folder, 'index.js'), source);
  };
  /** Bundles an entry importing `pkg` with the server's options (nothing written). */
  const bundle = (pkg: string, overrides: { external?: string[] } = {}) => {
    const entry = path.join(dir, `entry-${pkg.replaceAll('/', '-')}.js`);
    fs.writeFileSync(entry, `import value from '${pkg}';\nconsole.log(value);\n`);
    return build({
      ...serverBuildOptions,
      absWorkingDir: dir,
      entryPoints: [entry],
      outdir: path.join(dir, 'out'),
      write: false,
      sourcemap: false,
      logLevel: 'silent',
      ...overrides,
    });
  };
  const failureOf = async (promise: Promise<unknown>) => {
    const failure = (await promise.then(
      () => null,
      (error: unknown) => error,
    )) as BuildFailure | null;
    expect(failure, 'the build should have failed').not.toBeNull();
    return failure!.errors.map((error) => error.text);
  };

  beforeAll(() => {
    // Inside the repository (.tmp/ is ignored): the real packages resolve from its node_modules too.
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    dir = fs.mkdtempSync(path.join(root, '.tmp', 'build-server-test-'));
    writePackage('reads-beside-itself', "module.exports = require('node:path').join(__dirname, 'zones');\n");
    writePackage('names-its-file', 'module.exports = __filename;\n');
    writePackage('plain-package', "module.exports = 'plain';\n");
    fs.mkdirSync(path.join(dir, 'node_modules', 'pino', 'lib'), { recursive: true });
    writePackage('pino', "module.exports = require('node:path').join(__dirname, 'lib', 'worker.js');\n");
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is part of the server build', () => {
    expect(serverBuildOptions.plugins).toContain(noDirnameInBundle);
    expect(serverBuildOptions).toMatchObject({ bundle: true, format: 'esm', platform: 'node' });
  });

  it('fails the build, naming the package and the fix, when a bundled package uses __dirname or __filename', async () => {
    const errors = await failureOf(bundle('reads-beside-itself'));
    expect(errors).toEqual([expect.stringContaining(`node_modules/reads-beside-itself/index.js ${GUARD}`)]);
    expect(errors[0]).toContain('add its package to `external` in scripts/build-server.mjs');
    expect(await failureOf(bundle('names-its-file'))).toEqual([
      expect.stringContaining(`node_modules/names-its-file/index.js ${GUARD}`),
    ]);
  });

  it('builds a package without them, the same package once external, and the allowed pino paths', async () => {
    const plain = await bundle('plain-package');
    expect(plain.errors).toEqual([]);
    expect(plain.outputFiles?.[0]?.text).toContain('module.exports = "plain"');
    const kept = await bundle('reads-beside-itself', { external: [...external, 'reads-beside-itself'] });
    expect(kept.errors).toEqual([]);
    expect(kept.outputFiles?.[0]?.text).toContain('from "reads-beside-itself"');
    expect((await bundle('pino')).errors).toEqual([]);
  });

  it('refuses the calendar zones package (the issue 28 fault) unless it stays external', async () => {
    const zones = '@touch4it/ical-timezones';
    expect(external).toContain(zones);
    const errors = await failureOf(bundle(zones, { external: external.filter((name) => name !== zones) }));
    expect(errors).toEqual([expect.stringContaining(`${zones}/index.js ${GUARD}`)]);
    expect((await bundle(zones)).errors).toEqual([]);
  });
});
