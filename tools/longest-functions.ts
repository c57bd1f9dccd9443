/**
 * `npm run lint` runs this: it prints the ten longest functions and the five longest files of the
 * product's code (tests, e2e journeys and benchmarks aside) and fails when a function is longer than
 * 80 lines or a file longer than 300. Data tables (migrations' DDL, the emulator's catalogues of
 * models and policy schemas, the database's table types) are named below and measured apart: they
 * are long because the data is, not because the logic is. `--all` prints every function and file
 * over its limit.
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
const FUNCTION_LIMIT = 80;
const FILE_LIMIT = 300;
/** Data, not logic: a migration's DDL, the emulator's catalogues, the database's table types. */
const DATA_TABLES = [
  /^apps\/server\/src\/db\/migrations\//,
  /^apps\/server\/src\/db\/fleet-schema\.ts$/,
  /^packages\/google-emulator\/src\/state\/chromebook-models\.ts$/,
  /^packages\/google-emulator\/src\/policy\/schema-catalog\//,
];

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

function measureFunctions(file: string, source: ts.SourceFile): Measured[] {
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
      found.push({ file, line: start + 1, name: nameOf(node, source), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function longestFirst<T extends { lines: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.lines - a.lines);
}

function report(title: string, limit: number, items: Measured[], shown: number): Measured[] {
  const sorted = longestFirst(items);
  const over = sorted.filter((item) => item.lines > limit);
  console.log(`${title} (limit ${limit} lines; ${over.length} over it):`);
  for (const item of showAll ? over : sorted.slice(0, shown))
    console.log(`  ${String(item.lines).padStart(4)}  ${item.file}:${item.line}  ${item.name}`);
  return over;
}

const showAll = process.argv.includes('--all');
const functions: Measured[] = [];
const files: Measured[] = [];
const data: Measured[] = [];
for (const full of SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
  const file = path.relative(ROOT, full).split(path.sep).join('/');
  const text = readFileSync(full, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (DATA_TABLES.some((pattern) => pattern.test(file))) {
    data.push({ file, line: 1, name: '(data table)', lines });
    continue;
  }
  files.push({ file, line: 1, name: '', lines });
  functions.push(...measureFunctions(file, ts.createSourceFile(full, text, ts.ScriptTarget.Latest, true)));
}

const longFunctions = report('longest functions', FUNCTION_LIMIT, functions, 10);
const longFiles = report('longest files', FILE_LIMIT, files, 5);
console.log(
  `data tables measured apart: ${data.length} files, the longest ${longestFirst(data)[0]?.lines ?? 0} lines`,
);
if (longFunctions.length > 0)
  console.error(
    `${longFunctions.length} function(s) over ${FUNCTION_LIMIT} lines: split them into named pieces.`,
  );
if (longFiles.length > 0)
  console.error(
    `${longFiles.length} file(s) over ${FILE_LIMIT} lines: split them into modules of one concern.`,
  );
if (longFunctions.length + longFiles.length > 0) process.exitCode = 1;
