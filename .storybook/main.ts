import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, mergeConfig } from 'vite';
import { splitErrorTexts } from '../packages/widgets/build/split-error-texts';

// Storybook is installed in the widgets workspace, so resolve the framework from there.
const fromWidgets = createRequire(
  fileURLToPath(new URL('../packages/widgets/package.json', import.meta.url)),
);
const packageDir = (name: string): string => dirname(fromWidgets.resolve(`${name}/package.json`));

const config: StorybookConfig = {
  stories: ['../packages/widgets/src/**/*.stories.tsx'],
  framework: { name: packageDir('@storybook/react-vite'), options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      // The embedding elements' stories render through the element shell, which loads each language's error texts
      // from `virtual:qoltanba-error-texts` (the real catalogue stays, as in the tests).
      plugins: [vanillaExtractPlugin(), splitErrorTexts()],
      // Workspace packages are read from src (their `source` export condition).
      resolve: { conditions: ['source', ...defaultClientConditions] },
    }),
};

export default config;
