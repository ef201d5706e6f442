#!/usr/bin/env node
// The bundle is built by `npm run build -w packages/cli` (build.mjs).
import '../dist/varde.js';
