// The linter for our own scripts (`make lint`). The vendored files (htmx, workbox,
// idb-keyval) are other projects' code and are not ours to lint.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  {
    ignores: [
      "static/js/*.min.js",
      "static/vendor/**",
      "staticfiles/**",
      ".venv/**",
      // Django templates that render to scripts (the service worker): not JavaScript as written.
      "templates/**",
    ],
  },
  js.configs.recommended,
  {
    // The browser's scripts: classic scripts, each its own closure, loaded by the templates.
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: {
        ...globals.browser,
        // Set for Node's unit tests only (tests/js/); absent in a browser.
        module: "readonly",
      },
    },
    rules: {
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-shadow": "error",
      "no-use-before-define": ["error", { functions: false }],
      "prefer-const": "error",
      strict: ["error", "function"],
    },
  },
  {
    files: ["tests/js/**/*.{js,mjs}"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.node,
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];
