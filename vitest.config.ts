import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and component tests of components/ (Vitest + Testing Library, jsdom). Each test
// file gets fresh modules, so caches and stores never leak between tests.
export default defineConfig({
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: [{ find: /^@promo\/components(.*)$/, replacement: fileURLToPath(new URL("./components$1", import.meta.url)) }],
  },
  test: {
    environment: "jsdom",
    include: ["components/**/*.test.{ts,tsx}"],
    setupFiles: ["./vitest.setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
