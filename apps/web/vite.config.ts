import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build-plugins/precompress';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The workspace packages are pure modules; without this hint the decimal.js set-up in
        // @app/core ships on every page even when only a formatting helper is imported.
        moduleSideEffects: (id: string) =>
          !/[\\/](packages[\\/](core|contracts)[\\/]src|decimal\.js)[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/health-check': { target: api, changeOrigin: false },
    },
  },
});
