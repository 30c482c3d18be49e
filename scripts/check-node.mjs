// Every script runs on the Node that the `node` devDependency installs (see README).
// If its preinstall was skipped, npm falls back to the machine's Node: stop with a clear message.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Promptory needs Node >= 22.12, but this is Node ${process.version}.\n` +
      'Run scripts through npm (npm start, npm test) after a full `npm install`: the `node` package it installs provides Node 24.\n' +
      'If you used --ignore-scripts, run `npm rebuild node` first.',
  );
  process.exit(1);
}
