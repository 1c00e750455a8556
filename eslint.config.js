// ESLint for kashi's browser client (static ES modules, no build step) and its Node unit tests.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "build/", "docs/", "benchmarks/results/"] },
  js.configs.recommended,
  {
    files: ["kashi/**/*.js", "tests/web/toy_game/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.browser },
    rules: {
      eqeqeq: ["error", "smart"],
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      "prefer-const": "error",
      "no-var": "error",
      // Small modules and short functions (issue 45): a table draws its pieces with the board kit
      // (kashi/web/shell/kit/) and splits what is left by concern.
      "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }],
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.node },
  },
];
