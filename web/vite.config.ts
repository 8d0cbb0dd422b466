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
 * precompressed files and never compresses on a request (decision 142). node:zlib only: no plugin dependency.
 */
function precompress(): Plugin {
  return {
    name: 'hangar-precompress',
    apply: 'build',
    // After Vite's own plugins, so index.html is in the bundle too.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName) || file.fileName.endsWith('.map')) continue;
        const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
        if (source.length < 512) continue;
        const [br, gzipped] = await Promise.all([
          brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gz(source, { level: 9 }),
        ]);
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: br });
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipped });
      }
    },
  };
}

/** Libraries every page needs, kept in their own long-lived chunks (they change less often than the app). */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-query|query-core|store|react-store)[\\/]/ },
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
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_GROUPS } } },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/events': { target: 'http://127.0.0.1:3000', ws: true },
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
