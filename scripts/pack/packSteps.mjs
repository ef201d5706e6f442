// What each published package needs built before it is packed, and what its prepack adds to the build.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createPackageProgram, emitDeclarations } from './declarations.mjs';

const withoutSourceMaps = (source) => !source.endsWith('.map');

export const packSteps = {
  '@varde/core': {
    built: ['dist/index.js', 'dist/contract/index.js', 'dist/texts/index.js'],
    async prepare(dir) {
      rmSync(join(dir, 'dist/types'), { recursive: true, force: true });
      // A page's own texts (sourceAliases.mjs, pageTextNamespaces) are not reached through the texts' index.
      const entries = ['src/index.ts', 'src/contract/index.ts', 'src/i18n/resources/index.ts', 'src/i18n/resources/accessTokens.ts', 'src/i18n/resources/resetPassword.ts'];
      emitDeclarations(createPackageProgram(entries.map((entry) => join(dir, entry))), dir);
    },
  },
  '@varde/widgets': {
    built: ['dist/index.js', 'dist/elements/all.js', 'dist/elements/sri.json'],
    async prepare(dir) {
      // Declarations, custom-elements.json and the React JSX typings, from one TypeScript program.
      const { prepareWidgetsPackage } = await import(join(dir, 'manifest/preparePackage.mjs'));
      await prepareWidgetsPackage(dir);
    },
  },
  '@varde/cli': {
    built: ['dist/varde.js'],
    async prepare() {},
  },
  '@varde/server': {
    built: ['dist/main.js', '../portal/dist/index.html', '../widgets/dist/elements/all.js'],
    async prepare(dir) {
      // An installed varde-cloud serves these without flags (src/shippedFiles.ts).
      const shipped = join(dir, 'shipped');
      rmSync(shipped, { recursive: true, force: true });
      cpSync(join(dir, '../portal/dist'), join(shipped, 'portal'), { recursive: true, filter: withoutSourceMaps });
      cpSync(join(dir, '../widgets/dist/elements'), join(shipped, 'widgets'), { recursive: true, filter: withoutSourceMaps });
      cpSync(join(dir, '../../examples'), join(shipped, 'examples'), {
        recursive: true,
        // The npm app is an example to build, not a page to serve.
        filter: (source) => !source.includes('/examples/npm-app'),
      });
    },
  },
};
