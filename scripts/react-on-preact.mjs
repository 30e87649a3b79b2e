// The browser app runs React's API on Preact (preact/compat; issue 25 item 2, ADR 0050): React DOM,
// React and scheduler were 69 KB of a public page's 100 KB first-render budget, compat is ~10 KB.
// The same names are replaced in the client build (vite.config.ts), in the server's page renderer
// (build-server.mjs), whose HTML the browser hydrates, and in the component tests (vitest.config.ts),
// so all three run the code the visitor gets. Exact names: `react-router` and `react-hook-form` stay.
export const reactOnPreact = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/** The same, as Vite's `resolve.alias` entries: each an exact module name, not a prefix. */
export const reactOnPreactAliases = Object.entries(reactOnPreact).map(([name, replacement]) => ({
  find: new RegExp(`^${name.replace('/', '\\/')}$`),
  replacement,
}));
