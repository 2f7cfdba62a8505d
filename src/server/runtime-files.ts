import { fileURLToPath } from 'node:url';

// Files the server reads at run time, found from this module's own place. It sits directly in
// src/server/ under tsx, and once compiled its code is inside dist/server/main.js (one bundle, see
// scripts/build-server.ts): both are two folders below the project, so one relative path serves
// both layouts. Modules deeper in src/server/ ask here instead of using their own import.meta.url.
const here = new URL('./', import.meta.url);

/** The project folder (schemas/, locales/ and dist/portal/ are under it). */
export const projectRoot = fileURLToPath(new URL('../../', here));

/** A file the server ships beside its code: `idp/assets/signin.css` (copied into dist/server/ by the build). */
export const serverFile = (path: string): URL => new URL(path, here);

/** True when running the compiled bundle (node dist/server/main.js), false under tsx. */
export const compiled = !import.meta.url.endsWith('.ts');
