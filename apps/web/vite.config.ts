import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';

const sharedSrc = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
const webSrc = fileURLToPath(new URL('./src/', import.meta.url));

// A plain object rather than defineConfig(): the plugins are typed against the workspace-root
// vite (pulled in by vitest) while the build runs this package's vite; both accept this config.
export default {
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // The contract is consumed as TypeScript source. Subpaths (e.g. '@altwise/shared/messages')
      // let the landing bundle take plain constants without pulling zod in.
      { find: /^@altwise\/shared$/, replacement: `${sharedSrc}index.ts` },
      { find: /^@altwise\/shared\/(.+)$/, replacement: `${sharedSrc}$1.ts` },
      { find: /^@\//, replacement: webSrc },
    ],
  },
  build: {
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:8080',
    },
  },
};
