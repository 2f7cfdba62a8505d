import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx, which RJSF imports for descriptions and help marked as Markdown
 * (`enableMarkdownInDescription`, `enableMarkdownInHelp`), file lists and its own error notes. No
 * form of the portal uses any of them (a unit test keeps it so), so the portal ships this instead of
 * the parser (vite.config.ts aliases `markdown-to-jsx/react` here): text is shown as it is.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
