import { fileURLToPath } from 'node:url';

export const rootDir = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
export const schemasDir = `${rootDir}/schemas`;
export const localesDir = `${rootDir}/locales`;
export const generatedDir = `${rootDir}/src/generated`;
