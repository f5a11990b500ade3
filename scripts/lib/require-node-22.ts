/**
 * wrangler, miniflare and the Workers test plugin need Node 22 (ADR 0002). `npm ci` installs it as the pinned `node`
 * dev dependency and `npm run` puts it first on PATH; this stops early, in words, when a script runs on an older Node
 * anyway (started with a bare `node`, or installed with `--ignore-scripts`, which skips the Node download).
 */
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `This script needs Node 22 or newer and is running on Node ${process.versions.node}. Run it through npm ` +
      '(`npm start`, `npm test`, `npm run …`), which uses the Node 22 that `npm ci` installs into node_modules; ' +
      'if node_modules/.bin/node is missing, run `npm ci` again without --ignore-scripts.',
  );
  process.exit(1);
}
