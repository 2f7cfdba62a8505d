// npm install's postinstall: one line saying which Node.js the project runs on and why.
//
// npm weighs every package's `engines` against the Node.js that runs npm itself, which on a machine
// with an older Node.js is not the one any script here runs on (the pinned `node` dev dependency,
// first on the PATH of every npm script, this one included). npm's warnings are left as they are:
// this line says which runtime they should be read against (docs/dependencies.md#the-runtime).
// Plain JavaScript, no imports but Node's own: it also runs where dev dependencies are left out
// (npm ci --omit=dev), on whatever Node.js the machine has, and then says nothing.
import { existsSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const pinned = manifest.devDependencies?.node;
const installed = existsSync(new URL('../node_modules/node/package.json', import.meta.url));

if (pinned && installed) {
  // npm's user agent: "npm/11.6.2 node/v20.20.2 linux x64 workspaces/false".
  const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
  const runtime = `certification-portal runs every npm script on Node.js ${pinned}, the LTS release its \`node\` dev dependency pins (oidc-provider needs an LTS runtime)`;
  const line =
    npmNode && npmNode !== `v${pinned}`
      ? `${runtime}; npm itself ran on ${npmNode} here, so the EBADENGINE warnings above that name ${npmNode} do not apply to them (docs/dependencies.md#the-runtime)`
      : runtime;
  console.log(line);
}
