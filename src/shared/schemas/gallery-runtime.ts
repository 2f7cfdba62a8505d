/** Ajv's run-time helpers a precompiled validator may require; the gallery page bundles exactly these. */
export const GALLERY_RUNTIME_MODULES = ['ajv/dist/runtime/equal', 'ajv/dist/runtime/ucs2length'] as const;
