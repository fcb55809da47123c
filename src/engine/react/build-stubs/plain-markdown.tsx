import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx in the browser build (vite.config.ts aliases `markdown-to-jsx/react`
 * here): rjsf renders Markdown only for descriptions and help that opt in with `enableMarkdownIn*`,
 * which no schema here does, and for its own developer error notes. Those print as plain text, and
 * the create screen does not carry a Markdown parser (about a tenth of its JavaScript) it never runs.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <span>{children}</span>;
}
