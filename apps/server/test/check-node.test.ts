import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/check-node.mjs', import.meta.url));
/** The machine's own Node, which may be older than the one npm install brings. */
const SYSTEM_NODE = '/usr/bin/node';

function versionOf(node: string): [number, number] | null {
  if (!existsSync(node)) return null;
  const out = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  const [major, minor] = out.split('.').map(Number);
  return major === undefined || minor === undefined ? null : [major, minor];
}

const version = versionOf(SYSTEM_NODE);
const older = version !== null && (version[0] < 22 || (version[0] === 22 && version[1] < 12));
const bringsNode = process.platform === 'linux' && process.arch === 'x64';

/** `npm install` on an older Node: one clear line (the packages' engine warnings are hidden by .npmrc). */
describe.skipIf(!older || !bringsNode)('check-node on an older Node', () => {
  it('says in one line that the install brings Node 24, and lets it go on', () => {
    const run = spawnSync(SYSTEM_NODE, [SCRIPT, '--install'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Fleetdeck: Node v\d+\.\d+\.\d+ is older than the 22\.12 it needs; this install brings Node 24/,
    );
  });

  it('still stops npm start with its message', () => {
    const run = spawnSync(SYSTEM_NODE, [SCRIPT], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Fleetdeck needs Node 22.12 or newer');
  });
});
