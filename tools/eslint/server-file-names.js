// Enforces that a server file's name says its layer (decision 044): routes/*.routes.ts,
// modules/<module>/*.service.ts and *.repository.ts, jobs/*.job.ts; a layer's suffix is never
// spelled as a word of the name (`team-service.ts`), and never used outside its folder.
import path from 'node:path';

const SERVER_SRC = path.resolve(import.meta.dirname, '..', '..', 'apps', 'server', 'src');

/** Files of jobs/ that are not a job: the queue itself and the runtime that starts the jobs. */
const JOB_INFRASTRUCTURE = new Set(['job-queue.ts', 'sync-runtime.ts']);

const SUFFIX_FOLDER = { routes: 'routes', job: 'jobs', service: 'modules', repository: 'modules' };

/** Why a name is refused, or null. `rel` is the path under apps/server/src, with `/`. */
function problemOf(rel) {
  const name = path.posix.basename(rel);
  if (/\.test\.tsx?$/.test(name) || !/\.tsx?$/.test(name)) return null;
  const folder = rel.split('/')[0];
  const worded = /[-_](routes?|service|repository|repo|job)\.tsx?$/.exec(name);
  if (worded)
    return `"${name}" spells its layer as a word: name it *.${worded[1] === 'route' ? 'routes' : worded[1]}.ts`;
  const suffix = /\.(routes|service|repository|job)\.tsx?$/.exec(name)?.[1];
  if (suffix && SUFFIX_FOLDER[suffix] !== folder)
    return `*.${suffix}.ts files belong in ${SUFFIX_FOLDER[suffix]}/, not ${folder}/`;
  if (folder === 'routes' && suffix !== 'routes') return `files in routes/ are *.routes.ts: rename "${name}"`;
  if (folder === 'jobs' && suffix !== 'job' && !JOB_INFRASTRUCTURE.has(name))
    return `files in jobs/ are *.job.ts (a background loop): rename "${name}"`;
  return null;
}

export const serverFileNames = {
  meta: {
    type: 'suggestion',
    docs: { description: "A server file's name says its layer (docs/decisions/042)" },
    schema: [],
    messages: { name: '{{problem}} (decision 044).' },
  },
  create(context) {
    const rel = path.relative(SERVER_SRC, context.filename).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) return {};
    const problem = problemOf(rel);
    if (!problem) return {};
    return {
      Program(node) {
        context.report({ node, loc: { line: 1, column: 0 }, messageId: 'name', data: { problem } });
      },
    };
  },
};
