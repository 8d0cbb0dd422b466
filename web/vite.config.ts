import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt)$/;

/**
 * Writes a `.br` and a `.gz` next to every text asset at build time, so the server sends
 * precompressed files and never compresses on a request (decision 142; brotli quality 10, decision 1073). node:zlib only: no plugin dependency.
 */
function precompress(): Plugin {
  return {
    name: 'hangar-precompress',
    apply: 'build',
    // From the written files: chunks are final only after every plugin's generateBundle (preload lists, index.html).
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name) && !name.endsWith('.map'))
          .map(async (name) => {
            const source = await readFile(join(dir, name));
            if (source.length < 512) return;
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
              }),
              gz(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(join(dir, `${name}.br`), br), writeFile(join(dir, `${name}.gz`), gzipped)]);
          }),
      );
    },
  };
}

/** Libraries every page needs, kept in their own long-lived chunks (they change less often than the app). */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'tanstack',
    test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-query|query-core|store|react-store)[\\/]/,
  },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1500,
    // Only the matched modules themselves: their importers and dependencies stay in the chunks that need them.
    rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: VENDOR_GROUPS } } },
  },
  // `npx vite` in web/: hot reload, with the API and events proxied to a running server (HANGAR_API_URL, default port 3000).
  server: {
    proxy: Object.fromEntries(
      ['/api', '/events', '/socket.io'].map((path) => [
        path,
        { target: process.env.HANGAR_API_URL ?? 'http://127.0.0.1:3000', ws: path !== '/api' },
      ]),
    ),
  },
});
