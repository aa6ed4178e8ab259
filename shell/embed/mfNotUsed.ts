// The stand-in for two functions of @module-federation/webpack-bundler-runtime that a build never calls
// (webpack.config.ts swaps it in, `mfNotUsedStandIn`): `remotes` loads the modules of remotes named in a
// build's config (`import('remote/x')`); ours name none — the embed runtime loads every widget through the
// federation runtime's `loadRemote` (shell/federation.ts). `installInitialConsumes` fills the shared modules
// an entry chunk needs before it runs; a remote's entry has none (its widget's chunks consume them on
// demand). The bundler runtime keeps both in one object, so minifying cannot drop them: ≈ 0.4 KB gzip
// each, in the embed runtime and in every remote's entry. The build fails if its output calls one
// (NotUsedGuardPlugin in webpack.config.ts).
export const remotes = undefined;
export const installInitialConsumes = undefined;
