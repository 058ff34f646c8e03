/**
 * The layering of src/ (docs/architecture.md): cli -> server | proxy -> capabilities -> core; the framework adapters
 * (docs/adapters.md) are an edge of their own beside server and proxy. `npm run lint` (part of `npm test`) fails on
 * any import that breaks it; test/layering/dependency-rules.test.ts shows each rule catching a breach.
 */
const CAPABILITIES = "(search|edit|units|router|memory)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-imports-nothing-above-it",
      comment: "core is the recovery contract every layer builds on: it imports only core",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: "^src/", pathNot: "^src/core/" },
    },
    {
      name: "capability-imports-no-other-capability",
      comment: "a capability sees another only through tool definitions at run time, never by import",
      severity: "error",
      from: { path: `^src/${CAPABILITIES}/` },
      to: { path: `^src/${CAPABILITIES}/`, pathNot: "^src/$1/" },
    },
    {
      name: "capability-imports-no-layer-above",
      comment: "capabilities are below server, proxy, the adapters and cli (and the package entry)",
      severity: "error",
      from: { path: `^src/${CAPABILITIES}/` },
      to: { path: "^src/(server/|proxy/|adapters/|cli/|index\\.ts$)" },
    },
    {
      name: "server-and-proxy-are-peers",
      comment: "server and proxy are side by side under cli: neither imports the other, nor cli, nor an adapter",
      severity: "error",
      from: { path: "^src/(server|proxy)/" },
      to: { path: "^src/(server|proxy|adapters|cli)/", pathNot: "^src/$1/" },
    },
    {
      name: "adapters-are-an-edge",
      comment: "the framework adapters sit beside server and proxy: they import neither, nor cli, nor the package entry",
      severity: "error",
      from: { path: "^src/adapters/" },
      to: { path: "^src/(server/|proxy/|cli/|index\\.ts$)" },
    },
    {
      name: "adapters-use-the-router-through-its-index",
      comment: "the adapters reach the router only through its public surface, and no other capability at all",
      severity: "error",
      from: { path: "^src/adapters/" },
      to: { path: `^src/${CAPABILITIES}/`, pathNot: "^src/router/index\\.ts$" },
    },
    {
      name: "package-entry-loads-no-adapter",
      comment: "import 'dwim' never loads an adapter (nor the agent framework it imports)",
      severity: "error",
      from: { path: "^src/index\\.ts$" },
      to: { path: "^src/adapters/", reachable: true },
    },
    {
      name: "proxy-uses-the-router-through-its-index",
      comment: "the proxy reaches the router only through its public surface, and no other capability at all",
      severity: "error",
      from: { path: "^src/proxy/" },
      to: { path: `^src/${CAPABILITIES}/`, pathNot: "^src/router/index\\.ts$" },
    },
    {
      name: "package-entry-loads-no-proxy",
      comment: "import 'dwim' never loads the proxy, not even through a dynamic import",
      severity: "error",
      from: { path: "^src/index\\.ts$" },
      to: { path: "^src/proxy/", reachable: true },
    },
    {
      name: "package-entry-loads-no-mcp-client",
      comment: "import 'dwim' never loads the MCP client (only the proxy talks to servers)",
      severity: "error",
      from: { path: "^src/index\\.ts$" },
      to: { path: "@modelcontextprotocol/client", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
