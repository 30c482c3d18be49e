import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('every server process runs with the same heap settings', () => {
  // What CI and the benchmarks measure (tests/support/server.ts passes SERVER_NODE_FLAGS) is what `npm start` runs.
  it.each(['start', 'serve', 'worker'])('npm run %s passes SERVER_NODE_FLAGS to node', (name) => {
    const node = scripts[name].split('&&').at(-1)!.trim();
    expect(node.startsWith(`node ${SERVER_NODE_FLAGS.join(' ')} `), `${name}: ${node}`).toBe(true);
  });
});
