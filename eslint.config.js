// ESLint for the whole tree: typescript-eslint's type-aware recommended rules, React hooks rules
// for the client, and the size rule of DESIGN §1. Formatting is Prettier's (.prettierrc.json).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", "coverage/", "**/*.mjs", "**/*.cjs", "eslint.config.js"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      "no-duplicate-imports": "off",
      "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  { files: ["client/**/*.tsx", "client/**/*.ts"], ...reactHooks.configs.flat["recommended-latest"] },
  {
    // Tests may be long tables of cases; the size rule is for the product's code. supertest types
    // every response body as `any`, and the assertions read it field by field: the unsafe-any
    // rules would flag each read, so they are off here (and only here). Test doubles implement
    // async interfaces (fetch, a batch source, a prompt) without awaiting anything: require-await too.
    files: ["tests/**"],
    rules: {
      "max-lines": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/require-await": "off",
    },
  },
);
