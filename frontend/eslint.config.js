// The lint rules CI enforces: the layer boundaries of src/ (shared -> features -> app) and
// the rules of hooks. Style is left to the type checker and review; keep this list short.
import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const shared = ['./src/api', './src/components', './src/config', './src/lib', './src/test-utils'];

// One zone per feature folder, read from disk so that a new feature is fenced in by default.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature may not import another feature: move the shared code to components/ or lib/.',
  })),
  {
    target: shared,
    from: ['./src/features', './src/app'],
    message: 'Shared code (api, components, config, lib, test-utils) may not import features or app.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature may not import app/: move the code it needs to components/ or lib/.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/api/schema.d.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
