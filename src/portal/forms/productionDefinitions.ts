import type { FormDefinitions } from './definitions';

// Placeholder until the generated validators exist; replaced below once `npm run gen` writes them.
export const productionDefinitions: FormDefinitions = (form) => {
  throw new Error(`No precompiled definition for form ${form}; run npm run gen`);
};
