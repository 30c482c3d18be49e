import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createZip, type ZipEntry } from '../zip';

function walk(dir: string, root = dir): ZipEntry[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path, root) : [{ path: relative(root, path), data: readFileSync(path) }];
  });
}

/**
 * The built extension set up for one site: `config.json` names the site the extension talks
 * to, and the manifest asks for host access to that origin only. So a user who downloads the
 * zip from a site never types its address.
 */
export function configureExtension(files: readonly ZipEntry[], siteUrl: string): ZipEntry[] {
  const site = new URL(siteUrl).origin;
  return files.map((file) => {
    if (file.path === 'config.json') return { ...file, data: Buffer.from(JSON.stringify({ siteUrl: site }, null, 2) + '\n') };
    if (file.path === 'manifest.json') {
      const manifest = JSON.parse(file.data.toString('utf8'));
      manifest.host_permissions = [`${site}/*`];
      return { ...file, data: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') };
    }
    return file;
  });
}

export function readExtension(dir: string): ZipEntry[] {
  return walk(dir);
}

/** The zip for `siteUrl`, built from the unpacked extension in `dir` (the site's: Config.extensionDir). */
export function extensionZip(siteUrl: string, dir: string): Buffer {
  return createZip(configureExtension(readExtension(dir), siteUrl));
}
