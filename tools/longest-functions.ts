/**
 * `npm run lint` runs this: it prints the ten longest functions of the product's code (tests,
 * e2e journeys and benchmarks aside) and fails when one is longer than the ceiling. The goal is 80
 * lines; the ceiling comes down as the longest ones are split, and never goes up.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'packages/shared/src',
  'packages/google/src',
  'packages/google-emulator/src',
  'scripts',
];
const GOAL = 80;
/** The longest function today; lower it when a split lands. */
const CEILING = 269;

interface Measured {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly lines: number;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') found.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      found.push(full);
  }
  return found;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
    return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

function measure(file: string): Measured[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        file: path.relative(ROOT, file),
        line: start + 1,
        name: nameOf(node, source),
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const all = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap(measure);
all.sort((a, b) => b.lines - a.lines);
const over = all.filter((fn) => fn.lines > GOAL);
console.log(`longest functions (goal ${GOAL} lines, ceiling ${CEILING}; ${over.length} over the goal):`);
for (const fn of all.slice(0, 10))
  console.log(`  ${String(fn.lines).padStart(4)}  ${fn.file}:${fn.line}  ${fn.name}`);
const tooLong = all.filter((fn) => fn.lines > CEILING);
if (tooLong.length > 0) {
  console.error(
    `${tooLong.length} function(s) longer than ${CEILING} lines: split them into named pieces (tools/longest-functions.ts).`,
  );
  process.exitCode = 1;
}
