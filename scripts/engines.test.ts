import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('engines', () => {
  it('every direct dependency runs on the oldest Node.js our engines allow', () => {
    const project = readJson(path.join(root, 'package.json'));
    const oldest = semver.minVersion(project.engines.node)!.version;
    const names = Object.keys({ ...project.dependencies, ...project.devDependencies });
    const refusing = names.flatMap((name) => {
      const wanted = readJson(path.join(root, 'node_modules', name, 'package.json')).engines?.node;
      return wanted && !semver.satisfies(oldest, wanted) ? [`${name} needs Node ${wanted}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
