// Enforces Fleetdeck's dependency direction on resolved import targets (see docs/ARCHITECTURE.md):
//   shared <- web, server; google <- server, emulator; web -/-> server; emulator -/-> server, web;
//   the web app's features never import each other; its shared layers (components/, lib/, api/)
//   never import a feature.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

const PACKAGE_DIRS = {
  '@fleetdeck/shared': 'packages/shared',
  '@fleetdeck/google': 'packages/google',
  '@fleetdeck/google-emulator': 'packages/google-emulator',
  '@fleetdeck/server': 'apps/server',
  '@fleetdeck/web': 'apps/web',
};

/** Which workspace directories each workspace may import from (besides itself). */
const ALLOWED = {
  'packages/shared': [],
  'packages/google': [],
  'packages/google-emulator': ['packages/google'],
  'apps/server': ['packages/shared', 'packages/google'],
  'apps/web': ['packages/shared'],
};

function workspaceOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return Object.keys(ALLOWED).find((dir) => rel === dir || rel.startsWith(`${dir}/`)) ?? null;
}

function resolveTarget(source, fromFile) {
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  for (const [name, dir] of Object.entries(PACKAGE_DIRS)) {
    if (source === name || source.startsWith(`${name}/`))
      return path.join(ROOT, dir, 'src', source.slice(name.length));
  }
  return null;
}

function featureOf(file) {
  const rel = path.relative(path.join(ROOT, 'apps/web/src/features'), file).split(path.sep);
  return rel[0] && rel[0] !== '..' && rel.length > 1 ? rel[0] : null;
}

/** The web app's shared layers, which features build on and so may not depend on. */
const SHARED_WEB_LAYERS = ['components', 'lib', 'api'].map((dir) => path.join(ROOT, 'apps/web/src', dir));

function sharedWebLayerOf(file) {
  const layer = SHARED_WEB_LAYERS.find((dir) => file.startsWith(`${dir}${path.sep}`));
  return layer ? path.basename(layer) : null;
}

function isTestFile(file) {
  return (
    /\.test\.tsx?$/.test(file) ||
    file.includes(`${path.sep}test${path.sep}`) ||
    file.includes(`${path.sep}e2e${path.sep}`)
  );
}

export const dependencyDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing in the direction docs/ARCHITECTURE.md sets' },
    schema: [],
    messages: {
      workspace: '{{from}} must not import from {{to}} (dependency direction, see docs/ARCHITECTURE.md).',
      feature: 'Feature "{{from}}" must not import feature "{{to}}": compose features in src/app instead.',
      layer:
        'src/{{from}} is shared by every feature and must not import feature "{{to}}": move what both need into src/{{from}}, or compose in src/app.',
    },
  },
  create(context) {
    const file = context.filename;
    const fromWorkspace = workspaceOf(file);
    if (!fromWorkspace) return {};
    const fromFeature = featureOf(file);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(source, file);
      if (!target) return;
      const toWorkspace = workspaceOf(target);
      // Tests of the emulator's consumers may import the emulator; production code may not.
      const testMayUse = isTestFile(file) && toWorkspace === 'packages/google-emulator';
      if (
        toWorkspace &&
        toWorkspace !== fromWorkspace &&
        !ALLOWED[fromWorkspace].includes(toWorkspace) &&
        !testMayUse
      ) {
        context.report({
          node: node.source,
          messageId: 'workspace',
          data: { from: fromWorkspace, to: toWorkspace },
        });
        return;
      }
      const toFeature = featureOf(target);
      const fromLayer = sharedWebLayerOf(file);
      if (fromLayer && toFeature) {
        context.report({ node: node.source, messageId: 'layer', data: { from: fromLayer, to: toFeature } });
        return;
      }
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({
          node: node.source,
          messageId: 'feature',
          data: { from: fromFeature, to: toFeature },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
