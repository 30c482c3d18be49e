import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_SITES } from '../../../extension/src/lib/chat-sites';
import { FIXTURE_SITES } from './sites';

/**
 * The ten chat sites' fixtures over HTTPS, for Chromium to reach at their real host names
 * (`--host-resolver-rules` maps each to this server; a throwaway certificate made here, which
 * Chromium accepts with `--ignore-certificate-errors`). The page is bundled now from the real
 * editor packages.
 */
export interface FixtureServer {
  port: number;
  /** Chromium flags sending every host of the site table here. */
  chromiumArgs: string[];
  close: () => Promise<void>;
}

export async function startFixtureServer(port: number): Promise<FixtureServer> {
  const bundle = await build({
    entryPoints: ['tests/e2e/composer-sites/page.tsx'],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome116',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const script = bundle.outputFiles[0].contents;
  const dir = mkdtempSync(join(tmpdir(), 'promptory-fixture-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=promptory-fixture',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    {
      stdio: 'ignore',
    },
  );
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });

  const server: Server = createServer({ key, cert }, (request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const site = CHAT_SITES.find((s) => s.hosts.includes(host));
    if (request.url === '/fixture.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      return;
    }
    if (!site) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not a chat site');
      return;
    }
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${site.name}</title>
<style>body{font:15px system-ui;margin:0;min-height:100vh;display:flex;flex-direction:column}main{flex:1;padding:16px}footer{padding:16px;border-top:1px solid #ccc}
[contenteditable],textarea{display:block;width:100%;min-height:3em;border:1px solid #999;padding:8px;box-sizing:border-box;white-space:pre-wrap}</style></head>
<body><script>window.FIXTURE=${JSON.stringify(FIXTURE_SITES[site.id])}</script><script src="/fixture.js" defer></script></body></html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const rules = CHAT_SITES.flatMap((s) => s.hosts).map((h) => `MAP ${h}:443 127.0.0.1:${port}`);
  return {
    port,
    chromiumArgs: [`--host-resolver-rules=${rules.join(',')}`, '--ignore-certificate-errors'],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
