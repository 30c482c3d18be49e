// `npm start`: build if needed, then serve the product (scripts/serve.mjs).
// The server boots the app (migrations, read models, seed, worker) before answering its
// first request; we send that request ourselves so a fresh install is ready at once.
import './check-node.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { serve } from './serve.mjs';

buildIfNeeded('dist');
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
await serve('dist');
const url = `http://${process.env.HOST}:${process.env.PORT}`;
const started = Date.now();
try {
  const response = await fetch(`${url}/api/categories`);
  if (!response.ok) throw new Error(`status ${response.status}`);
  console.log(`[promptory] ready at ${url} (booted in ${Date.now() - started} ms)`);
} catch (error) {
  console.error(`[promptory] the server did not boot: ${error}`);
  process.exit(1);
}
