// Bundles src/main.tsx and the Varde elements it imports into dist/ (with index.html beside it).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
await build({
  entryPoints: ['src/main.tsx'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: ['chrome120', 'firefox120', 'safari16'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'info',
});
copyFileSync('index.html', 'dist/index.html');
