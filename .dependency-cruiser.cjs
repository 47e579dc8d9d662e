/**
 * The layer rules of docs/ARCHITECTURE.md (DESIGN §1), checked by `npm run lint` and by
 * tests/unit/layers.test.ts. Type-only imports count: a circle of types is still a circle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "No import circles, types included.", from: {}, to: { circular: true } },
    {
      name: "shared-is-isomorphic",
      severity: "error",
      comment: "shared/ imports nothing of server/, client/, cli/ and no Node built-in: it runs in the browser too.",
      from: { path: "^shared/" },
      to: { path: ["^server/", "^client/", "^cli/", "^scripts/"], dependencyTypesNot: [] },
    },
    {
      name: "shared-no-node",
      severity: "error",
      comment: "shared/ runs in the browser: no Node built-ins.",
      from: { path: "^shared/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "client-not-server",
      severity: "error",
      comment: "The browser bundle never imports the server or the CLI.",
      from: { path: "^client/" },
      to: { path: ["^server/", "^cli/", "^scripts/"] },
    },
    {
      name: "cli-not-server-or-client",
      severity: "error",
      comment: "The CLI ships alone: no server or client code.",
      from: { path: "^cli/" },
      to: { path: ["^server/", "^client/", "^scripts/"] },
    },
    {
      name: "below-http",
      severity: "error",
      comment: "Services, the database layer, plumbing, mail and errors sit below HTTP: they never import http/, api/ or pages/.",
      from: { path: "^server/(services|db|lib|mail|errors\\.ts)" },
      to: { path: "^server/(http|api|pages)/" },
    },
    {
      name: "db-below-services",
      severity: "error",
      comment: "The database layer and plumbing never import services.",
      from: { path: "^server/(db|lib|mail)/" },
      to: { path: "^server/services/" },
    },
    {
      name: "server-not-scripts",
      severity: "error",
      comment: "Command-line entry points sit above the server.",
      from: { path: "^server/" },
      to: { path: "^scripts/" },
    },
    {
      name: "capability-face",
      severity: "error",
      comment: "Another capability is reached through its index.ts only.",
      from: { path: "^server/services/([^/]+)/" },
      to: { path: "^server/services/[^/]+/.+", pathNot: ["^server/services/$1/", "^server/services/[^/]+/index\\.ts$"] },
    },
    {
      name: "services-face",
      severity: "error",
      comment: "Outside services/, a capability is reached through its index.ts only.",
      from: { path: "^(server|scripts|bench)/", pathNot: "^server/services/" },
      to: { path: "^server/services/[^/]+/.+", pathNot: "^server/services/[^/]+/index\\.ts$" },
    },
    {
      name: "services-folders-only",
      severity: "error",
      comment: "server/services holds capability folders only.",
      from: { path: "^server/services/[^/]+\\.tsx?$" },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^dist/", "^tests/fixtures/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js", ".d.mts"] },
  },
};
