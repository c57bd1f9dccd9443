// Plain JavaScript on purpose: it must run, and explain itself, on a Node too old for TypeScript.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `Fleetdeck needs Node 22.12 or newer; this is ${process.version}.\n` +
      'On Linux x64, `npm install` brings Node 24 and npm scripts use it (npm start, npm test).\n' +
      'Elsewhere, install Node 24 LTS and run `npm install` again.\n',
  );
  process.exit(1);
}
