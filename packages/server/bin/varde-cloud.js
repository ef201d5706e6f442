#!/usr/bin/env node
// The reference cloud's command. The code is bundled into ../dist by `npm run build -w @varde/server`.
try {
  await import('../dist/main.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/main.js')) {
    process.stderr.write('varde-cloud: not built yet; run `npm run build -w @varde/server` first\n');
    process.exit(1);
  }
  throw error;
}
