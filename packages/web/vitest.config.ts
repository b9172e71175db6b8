import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// The app's Vite config (its ICU catalog step above all), as the root's `web` project extends it:
// a test run from this folder reads the catalogs as the app does.
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
    },
  }),
);
