/** oidc-provider (a devDependency: the tests' OpenID provider) ships no types; server/test/oidc-provider.ts wraps it. */
declare module 'oidc-provider';
