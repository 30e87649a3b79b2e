import { buildPgliteSnapshot } from './databases.ts';

export default async function setup() {
  await buildPgliteSnapshot();
}
